package lsl

import (
	"strconv"
	"strings"
)

// Conditional tags: fence synthesis on cat models and memory-order
// synthesis select tags, not only fences. A tag sel.cN.T on a load, store
// or fence stands for tag T in the executions whose selection includes
// candidate N (N ≥ 1), and for nothing otherwise; the encoder makes the
// event's membership in T the conjunction of its guard and candidate N's
// selector literal (encode/fencecandidates.go). A fence whose tags are all
// conditional is a candidate point: it executes only when one of them is
// selected (one event for all the barriers a point may hold, where a
// fence per barrier would multiply the events). Unrolling and inlining
// copy tags, so every copy of the statement shares the candidates, like a
// candidate fence's Cand.

const condTagPrefix = "sel.c"

// CondTag returns the tag "tag when candidate id is selected".
func CondTag(id int, tag string) string {
	return condTagPrefix + strconv.Itoa(id) + "." + tag
}

// ParseCondTag reads a conditional tag.
func ParseCondTag(t string) (id int, tag string, ok bool) {
	rest, ok := strings.CutPrefix(t, condTagPrefix)
	if !ok {
		return 0, "", false
	}
	num, tag, ok := strings.Cut(rest, ".")
	if !ok || tag == "" {
		return 0, "", false
	}
	id, err := strconv.Atoi(num)
	if err != nil || id < 1 {
		return 0, "", false
	}
	return id, tag, true
}

// HasCondTags reports whether tags has a conditional tag.
func HasCondTags(tags []string) bool {
	for _, t := range tags {
		if _, _, ok := ParseCondTag(t); ok {
			return true
		}
	}
	return false
}

// CondOnly reports whether tags is not empty and every tag is
// conditional: the tags of a candidate point.
func CondOnly(tags []string) bool {
	for _, t := range tags {
		if _, _, ok := ParseCondTag(t); !ok {
			return false
		}
	}
	return len(tags) > 0
}

// ResolveTags returns tags with each conditional tag replaced by its tag
// when its candidate is selected and dropped otherwise (duplicates
// dropped), and a compare-exchange's failure tag updated
// (resolveFailTag).
func ResolveTags(tags []string, selected func(id int) bool) []string {
	if !HasCondTags(tags) {
		return tags
	}
	var out []string
	for _, t := range tags {
		if id, tag, ok := ParseCondTag(t); ok {
			if !selected(id) {
				continue
			}
			t = tag
		}
		if !HasTag(out, t) {
			out = append(out, t)
		}
	}
	return resolveFailTag(strongestOrder(out), tags, selected)
}

// resolveFailTag updates the failure tag of a compare-exchange's read
// (tags, resolved to out) under a selection: a selected order candidate
// O makes the failure order at least O's read part, as the edit of the
// source does (synth), and a failure order equal to the resolved order's
// read part needs no tag.
func resolveFailTag(out, tags []string, selected func(id int) bool) []string {
	f := FailOrder(tags)
	if f == "" {
		return out
	}
	for _, t := range tags {
		if id, o, ok := ParseCondTag(t); ok && selected(id) && C11Order([]string{o}) == o {
			f = strongerRead(f, o)
		}
	}
	out = withoutFailTag(out)
	if f == ReadOrder(C11Order(out)) {
		return out
	}
	return append(out, FailTag(f))
}

// strongestOrder keeps one C11 order among tags, the strongest (acquire
// and release together are acq_rel), in the place of the first: an access
// whose memory-order candidates are selected has its own order and the
// candidates' (InsertOrders).
func strongestOrder(tags []string) []string {
	var ords []string
	for _, t := range tags {
		if C11Order([]string{t}) == t {
			ords = append(ords, t)
		}
	}
	if len(ords) < 2 {
		return tags
	}
	best := ords[0]
	for _, o := range ords[1:] {
		switch {
		case orderStronger(o, best):
			best = o
		case (o == "ACQ" || o == "CON") && best == "REL", o == "REL" && (best == "ACQ" || best == "CON"):
			best = "ACQ_REL"
		}
	}
	var out []string
	done := false
	for _, t := range tags {
		if C11Order([]string{t}) != t {
			out = append(out, t)
		} else if !done {
			out = append(out, best)
			done = true
		}
	}
	return out
}
