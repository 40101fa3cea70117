package encode

import (
	"slices"
	"strings"

	"github.com/checkfence/checkfence/axioms"
	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/memmodel"
)

// reloadTagsMatch reports whether, on a cat model, the load L a reload
// round moves may take the place of the later load C as far as tags go
// (docs/semantics.md, "Reload rounds: tags a model does not see on a
// read"): the same tags, or tags that differ only where the model's
// checks and flags cannot tell the two reads apart, or where L's tags
// only order less (memmodel.Model.ReadRetagKeepsConsistent) — and then C,
// like L, pairs with no store-exclusive and is no part of a mixed-size
// access, since the encoding reads those tags itself. Neither load may
// carry a failure order (a compare-exchange's read whose order depends on
// the outcome).
// On sc-cat any tags match (it sees none). Options.NoReloadRetag keeps
// the exact comparison, for the differential tests.
func (e *Encoding) reloadTagsMatch(l, c *Instr) bool {
	if m := e.Memory.Cat(); m != nil && m.C11 != nil && !e.Memory.SequentiallyConsistentCat() {
		return e.mappedTagsMatch(l, c)
	}
	if sameTags(l, c) {
		return true
	}
	if e.Memory.SequentiallyConsistentCat() {
		// sc-cat names no tag, and its C11 mapping adds none: the
		// moved load is in the sets C is in (C pairs with no
		// store-exclusive and is no part of a mixed-size access)
		return e.catReloadSource(c)
	}
	if !e.reloadRetag || !e.catReloadSource(c) {
		return false
	}
	a, b := lsl.Tags(l.Stmt), lsl.Tags(c.Stmt)
	if lsl.FailOrder(a) != "" || lsl.FailOrder(b) != "" {
		// a compare-exchange's failure order (lsl.FailTag) depends on
		// the block's outcome, which the model's text does not show:
		// read literally, fail.RLX is a tag rc11 never names
		return false
	}
	return e.retagKeeps(a, b)
}

// retagKeeps is memmodel.Model.ReadRetagKeepsConsistent on the encoding's
// model, memoized: C, which carries tags b, may carry L's tags a instead.
func (e *Encoding) retagKeeps(a, b []string) bool {
	key := strings.Join(a, ",") + "|" + strings.Join(b, ",")
	if v, ok := e.retagMemo[key]; ok {
		return v
	}
	if e.retagMemo == nil {
		e.retagMemo = map[string]bool{}
	}
	v := e.Memory.ReadRetagKeepsConsistent(a, b)
	e.retagMemo[key] = v
	return v
}

// mappedTagsMatch is reloadTagsMatch on a cat model with a C11 mapping
// (arm8, riscv, power, tso-cat): the events carry the tags the mapping
// gives, the same for both outcomes of a compare-exchange (the compiled
// instruction does not depend on it), so the two loads' mapped tags are
// compared — equal as sets, or different only where the model cannot tell
// two reads apart or L's order less — and C, like L, must pair with no
// store-exclusive.
func (e *Encoding) mappedTagsMatch(l, c *Instr) bool {
	if !e.catReloadSource(c) {
		return false
	}
	a, b := e.catTags(l), e.catTags(c)
	if sameTagSet(a, b) {
		return true
	}
	return e.reloadRetag && e.retagKeeps(a, b)
}

// ReloadSourceMayMatch reports, for the sizing runs, whether on model m a
// reload round of load l, followed by fences, may be deleted in the loop
// iteration iter as far as the tag and fence conditions go: always on .mm
// models, on sc-cat and on cat models without a C11 mapping (the runs do
// not judge tags there: they only propose bounds); on a model with a C11
// mapping, when each fence that maps to a barrier has a fence of iter
// mapped to the same one (catReloadFences), or l's one barrier may move
// over that load (FenceMoveKeepsConsistent), and some load of iter (of
// l's address, when that is a constant) carries mapped tags that match
// l's (mappedTagsMatch). There the mapped
// tags of a compare-exchange's read differ from a plain load's on whole
// classes of programs (riscv's AMO halves, tso-cat's locked reads), and
// runs that deleted those rounds proposed bounds the check then raised.
func ReloadSourceMayMatch(m *memmodel.Model, prog *lsl.Program, l *lsl.Load, fences []*lsl.Fence, iter *lsl.Block) bool {
	cm := m.Cat()
	if cm == nil || cm.C11 == nil || m.SequentiallyConsistentCat() {
		return true
	}
	tagsOf := func(s lsl.Stmt, k axioms.InstrKind, atomic, locked bool) []string {
		return mappedTags(cm, prog.C11, k, atomic, locked, lsl.Tags(s))
	}
	var barriers [][]string // of the fences after l that are events
	for _, f := range fences {
		if t := tagsOf(f, axioms.Fence, false, false); !mmOnlyNoBarrier(lsl.Tags(f), t) {
			barriers = append(barriers, t)
		}
	}
	a := tagsOf(l, axioms.Load, false, false)
	if lsl.HasTag(a, exclusiveTag) {
		return false
	}
	// walk reports whether ss holds a load C that matches l; match is set
	// when one is followed, in the same statement list (on every path),
	// by fences mapped to each of barriers, as the fences after l
	match, movable := false, false
	// (locked: in an atomic block that loads and stores, lockedBlock)
	var walk func(ss []lsl.Stmt, atomic, locked bool) bool
	walk = func(ss []lsl.Stmt, atomic, locked bool) bool {
		seen := false        // a matching C in ss so far
		var after [][]string // tags of the fences of ss after it
		for _, s := range ss {
			switch s := s.(type) {
			case *lsl.Fence:
				if seen {
					after = append(after, tagsOf(s, axioms.Fence, false, false))
				}
			case *lsl.Load:
				if k, ok := l.Addr.(lsl.Const); ok && !sameConst(k, s.Addr) {
					continue // C reads L's address
				}
				b := tagsOf(s, axioms.Load, atomic, locked)
				if (atomic || !lsl.HasTag(b, exclusiveTag)) && (sameTagSet(a, b) || m.ReadRetagKeepsConsistent(a, b)) {
					seen = true
					// one barrier after l (its mm-only fences compile to
					// one) with none after C: l's own may move over C
					// (catReloadFences)
					movable = movable || oneBarrier(barriers) && m.FenceMoveKeepsConsistent(barriers[0], a, b)
				}
			case *lsl.Block:
				seen = walk(s.Stmts, atomic, locked) || seen
			case *lsl.If:
				seen = walk(s.Then.Stmts, atomic, locked) || seen
				if s.Else != nil {
					seen = walk(s.Else.Stmts, atomic, locked) || seen
				}
			case *lsl.Atomic:
				seen = walk(s.Body.Stmts, true, lsl.LoadsAndStores(s)) || seen
			case *lsl.Spin:
				seen = walk(s.Body.Stmts, atomic, locked) || seen
			}
		}
		if seen && !atomic && (allMatched(barriers, after) || movable) {
			match = true
		}
		return seen
	}
	walk(iter.Stmts, false, false)
	return match
}

// oneBarrier reports whether bs are one barrier's tags, repeated (an
// acquire load's load-load and load-store fences compile to one fence).
func oneBarrier(bs [][]string) bool {
	for _, b := range bs {
		if !sameTagSet(b, bs[0]) {
			return false
		}
	}
	return len(bs) > 0
}

// allMatched reports whether each tag set of want is among got.
func allMatched(want, got [][]string) bool {
	for _, w := range want {
		if !slices.ContainsFunc(got, func(t []string) bool { return sameTagSet(w, t) }) {
			return false
		}
	}
	return true
}

// sameConst reports whether operand o is the constant k.
func sameConst(k lsl.Const, o lsl.Operand) bool {
	c, ok := o.(lsl.Const)
	return ok && c.V.Equal(k.V)
}

// sameTagSet reports whether two tag lists hold the same tags.
func sameTagSet(a, b []string) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(slices.Compact(a), slices.Compact(b))
}
