package memmodel

import (
	"github.com/checkfence/checkfence/axioms"
	"github.com/checkfence/checkfence/lsl"
)

// What a model makes of fences, for fence synthesis (package synth): which
// fences it tells apart, which of them order anything, and whether adding
// a fence can only forbid executions. Derived from the model's axioms or
// checks, so that synth asks the model rather than its language.

// FencesByTag reports whether the model tells fences apart by the tags
// they carry (a cat model: "DMB.ISH", "ACQ", a tag of its own) rather
// than by LSL fence kind (a .mm model, which sees only load-load,
// store-load, … and the full fence).
func (m *Model) FencesByTag() bool { return m != nil && m.cat != nil }

// FenceTags lists the tags the model names, which a fence may carry to be
// told apart (FencesByTag); nil on a .mm model.
func (m *Model) FenceTags() []string {
	if !m.FencesByTag() {
		return nil
	}
	return m.cat.Tags
}

// FenceKinds lists the LSL fence kinds, other than the full fence, that
// the model distinguishes: those whose predicates its axioms all use, in
// lsl.FenceKinds order; nil on a cat model (FencesByTag).
func (m *Model) FenceKinds() []lsl.FenceKind {
	if m == nil || m.mm == nil {
		return nil
	}
	used := map[string]bool{}
	for _, p := range axioms.FencePredicates(m.mm) {
		used[p] = true
	}
	var out []lsl.FenceKind
	for _, k := range lsl.FenceKinds() {
		if k == lsl.FenceFull {
			continue
		}
		ok := len(k.Predicates()) > 0
		for _, p := range k.Predicates() {
			ok = ok && used[p]
		}
		if ok {
			out = append(out, k)
		}
	}
	return out
}

// Orders reports whether a fence of barrier b can order anything on the
// model: on a cat model any barrier (its tags are what the checks see); on
// a .mm model one of b's kinds the model distinguishes, a full fence
// standing for the four basic kinds.
func (m *Model) Orders(b *lsl.Barrier) bool {
	if m == nil {
		return false
	}
	if m.FencesByTag() {
		return true
	}
	for _, k := range m.FenceKinds() {
		for _, bk := range b.Kinds {
			if bk == k || bk == lsl.FenceFull && k >= lsl.FenceLoadLoad && k <= lsl.FenceStoreStore {
				return true
			}
		}
	}
	return false
}

// MonotoneInFences reports whether adding fences (carrying tags, on a cat
// model) never makes an execution consistent that was not, so that a
// counterexample rules out every selection of fences it survives (fence
// synthesis's strong clauses). On a .mm model that holds when its fence
// predicates occur only positively (axioms.FenceMonotone), unless
// transitivity is encoded lazily (lazyTransitivity) and the model has a
// total order over fences, whose lazily added constraints the evaluation
// of a counterexample does not see. On a cat model, see catMonotone.
func (m *Model) MonotoneInFences(tags []string, lazyTransitivity bool) bool {
	if m.FencesByTag() {
		return catMonotone(m.cat, tags)
	}
	if axioms.FenceMonotone(m.mm) != nil {
		return false
	}
	return !lazyTransitivity || !axioms.TotalOrderOverFences(m.mm)
}
