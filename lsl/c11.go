package lsl

import "strings"

// C11 atomics in LSL. The front ends that read C11 atomics (clang's LLVM
// IR, C litmus tests) give an atomic access the tag A and its memory
// order, one of C11Orders; a plain access of such a program may carry NA,
// and the initial writes of non-atomic globals NAL. The .mm models see the
// fences of the front end's mapping around each atomic access instead:
// those carry TagMMOnly, which no cat model mentions, and a role tag
// (C11Role) that names the access they stand beside. A cat model that
// knows C11 (rc11) reads the orders; a built-in hardware model compiles
// them to its own instructions (cat.C11Mapping), using the role tags to
// place the fences its mapping needs.

// TagMMOnly marks the fences that only the .mm models see.
const TagMMOnly = "mm-only"

// C11Orders are the tags of the C11 memory orders.
var C11Orders = []string{"RLX", "CON", "ACQ", "REL", "ACQ_REL", "SC"}

// C11Order returns the memory order among tags ("" for none).
func C11Order(tags []string) string {
	for _, t := range tags {
		for _, o := range C11Orders {
			if t == o {
				return o
			}
		}
	}
	return ""
}

// IsC11Atomic reports whether tags mark a C11 atomic access: A, and not
// NA (the race check's "atomic" set).
func IsC11Atomic(tags []string) bool { return HasTag(tags, "A") && !HasTag(tags, "NA") }

// IsC11Tag reports whether t belongs to the C11 vocabulary: an order, A,
// NA, NAL, mm-only, a role tag or a failure tag (FailTag).
func IsC11Tag(t string) bool {
	switch t {
	case "A", "NA", "NAL", TagMMOnly:
		return true
	}
	if _, ok := ParseC11Role(t); ok {
		return true
	}
	if _, ok := ParseFailTag(t); ok {
		return true
	}
	return C11Order([]string{t}) != ""
}

// C11Role says which atomic access an mm-only fence stands beside: before
// or after it, the access's kind (R a load, W a store, RMW a
// read-modify-write, whose atomic block the fence precedes or follows)
// and its memory order (for the fences after a compare-and-swap that
// failed, the failure order).
type C11Role struct {
	After bool
	Kind  string // "R", "W" or "RMW"
	Order string // one of C11Orders
}

const c11RolePrefix = "c11-"

// Tag is the role as a tag: c11-before-R-SC, c11-after-RMW-ACQ_REL, ….
func (r C11Role) Tag() string {
	when := "before"
	if r.After {
		when = "after"
	}
	return c11RolePrefix + when + "-" + r.Kind + "-" + r.Order
}

// ParseC11Role reads a role tag.
func ParseC11Role(t string) (C11Role, bool) {
	rest, ok := strings.CutPrefix(t, c11RolePrefix)
	if !ok {
		return C11Role{}, false
	}
	parts := strings.SplitN(rest, "-", 3)
	if len(parts) != 3 || parts[0] != "before" && parts[0] != "after" {
		return C11Role{}, false
	}
	if parts[1] != "R" && parts[1] != "W" && parts[1] != "RMW" || C11Order(parts[2:]) != parts[2] {
		return C11Role{}, false
	}
	return C11Role{After: parts[0] == "after", Kind: parts[1], Order: parts[2]}, true
}

// C11RoleOf returns the role tag among tags.
func C11RoleOf(tags []string) (C11Role, bool) {
	for _, t := range tags {
		if r, ok := ParseC11Role(t); ok {
			return r, true
		}
	}
	return C11Role{}, false
}

// The read of a compare-and-swap (docs/semantics.md, "Compare-exchange").
// C11 gives the read of a failed compare-exchange the failure order and
// that of a successful one the read part of the success order
// (ReadOrder). Where the two differ, the atomic block's load carries the
// success tags and the failure tag fail.F (F one of C11Orders): in the
// executions in which its atomic block writes nothing, the load's order
// is F instead of its own (FailedTags). Models that read the C11 orders
// (rc11, and the race check's happens-before) see that; a hardware
// model's C11 mapping compiles the success order, as the compiled
// instruction is the same for both outcomes (the tag is C11 vocabulary,
// which the mapping drops), and the .mm models see the fences after the
// block, which already follow the outcome.

const failTagPrefix = "fail."

// FailTag is the tag "order o when the block writes nothing".
func FailTag(o string) string { return failTagPrefix + o }

// ParseFailTag reads a failure tag.
func ParseFailTag(t string) (order string, ok bool) {
	o, ok := strings.CutPrefix(t, failTagPrefix)
	if !ok || o == "" || C11Order([]string{o}) != o {
		return "", false
	}
	return o, true
}

// FailOrder returns the failure order among tags ("" for none).
func FailOrder(tags []string) string {
	for _, t := range tags {
		if o, ok := ParseFailTag(t); ok {
			return o
		}
	}
	return ""
}

// ReadOrder is the order of the read of a read-modify-write of order o
// (release and acq_rel lose their release half), which is also the
// strongest failure order C11 allows a compare-exchange of success order
// o.
func ReadOrder(o string) string {
	switch o {
	case "REL":
		return "RLX"
	case "ACQ_REL":
		return "ACQ"
	}
	return o
}

// failRank orders the orders a read may have.
var failRank = map[string]int{"RLX": 0, "CON": 1, "ACQ": 2, "SC": 3}

// strongerRead returns the stronger of two read orders.
func strongerRead(a, b string) string {
	if failRank[ReadOrder(b)] > failRank[ReadOrder(a)] {
		return ReadOrder(b)
	}
	return ReadOrder(a)
}

// CASReadTags are the tags of the load of a compare-exchange whose
// success order has tags succTags (its order among them) and whose
// failure order is fail: succTags, and fail.F when F differs from the
// success order's read part.
func CASReadTags(succTags []string, fail string) []string {
	if fail == "" || fail == ReadOrder(C11Order(succTags)) {
		return succTags
	}
	return append(append([]string(nil), succTags...), FailTag(fail))
}

// withoutFailTag drops the failure tag.
func withoutFailTag(tags []string) []string {
	if FailOrder(tags) == "" {
		return tags
	}
	var out []string
	for _, t := range tags {
		if _, ok := ParseFailTag(t); !ok {
			out = append(out, t)
		}
	}
	return out
}

// OutcomeTags are the tags of a load (resolved: no conditional tags)
// in an execution whose atomic block did or did not write: the failure
// tag dropped and, when it failed, the order replaced by the failure
// order.
func OutcomeTags(tags []string, failed bool) []string {
	f := FailOrder(tags)
	if f == "" {
		return tags
	}
	if !failed {
		return withoutFailTag(tags)
	}
	var out []string
	done := false
	for _, t := range tags {
		if _, ok := ParseFailTag(t); ok {
			continue
		}
		if C11Order([]string{t}) == t {
			if done {
				continue
			}
			t, done = f, true
		}
		out = append(out, t)
	}
	if !done {
		out = append(out, f)
	}
	return out
}
