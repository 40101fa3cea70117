package encode

import (
	"sort"

	"github.com/checkfence/checkfence/axioms"
	"github.com/checkfence/checkfence/internal/gini/z"
	"github.com/checkfence/checkfence/lsl"
)

// Fence synthesis (package synth). A candidate fence (lsl.Fence.Cand > 0)
// executes only when its selector literal holds: the selector is folded
// into the fence's guard, so every axiom instance that mentions the fence
// is active only when the candidate is selected. All copies of one
// candidate (unrolled iterations, inlined calls) share the selector, and
// a solver call fixes the selection by assuming the selectors.

// Selector returns the selector literal of candidate id, an input of the
// circuit created on first use.
func (e *Encoding) Selector(id int) z.Lit {
	if e.selectors == nil {
		e.selectors = map[int]z.Lit{}
	}
	s, ok := e.selectors[id]
	if !ok {
		s = e.C.Lit()
		e.selectors[id] = s
	}
	return s
}

// Candidates lists the candidate ids that occur in the encoding, sorted.
func (e *Encoding) Candidates() []int {
	out := make([]int, 0, len(e.selectors))
	for id := range e.selectors {
		out = append(out, id)
	}
	sort.Ints(out)
	return out
}

// Selection returns the assumptions that fix the selection: the selector
// of every candidate of the encoding, positive when selected.
func (e *Encoding) Selection(selected func(id int) bool) []z.Lit {
	var out []z.Lit
	for _, id := range e.Candidates() {
		s := e.selectors[id]
		if !selected(id) {
			s = s.Not()
		}
		out = append(out, s)
	}
	return out
}

// Kills evaluates an execution — the inputs' values val of a model — with
// the selection changed: it returns candidates K of ids such that the
// execution stays a model (root true, the encoding's plain clauses and,
// on a cat model, its lazily checked acyclicity satisfied) with every
// candidate of ids outside K added to the selection at once. With root =
// Φ ∧ failure, the execution is then a counterexample under every
// selection with no candidate of K, when fences and tags act
// monotonically (fewer of them never rule an execution out): every
// selection that passes contains a candidate of K.
//
// K starts as the candidates whose selection alone rules the execution
// out (63 evaluated at once, bit-parallel); when the others added
// together still rule it out (a cat relation whose pairs need two
// candidates, such as two fences on one path), candidates are added one
// at a time, in order, and each whose addition rules it out joins K.
//
// Selector literals occur only in candidate fence guards and conditional
// tag sets, so the evaluation sees exactly what the candidates bring in.
// Relation literals the model left unconstrained keep their values, so a
// candidate may join K that a different valuation of them would survive:
// K can only be too large, which weakens the constraint drawn from it but
// keeps it sound.
func (e *Encoding) Kills(val func(z.Lit) bool, root z.Lit, ids []int) []int {
	ev := newKillEval(e, val, root)
	var sel []int // candidates with a selector
	for _, id := range ids {
		if _, ok := e.selectors[id]; ok {
			sel = append(sel, id)
		}
	}
	var out, rest []int
	for lo := 0; lo < len(sel); lo += killLanes {
		hi := min(lo+killLanes, len(sel))
		lanes := make([][]int, hi-lo)
		for j, id := range sel[lo:hi] {
			lanes[j] = []int{id}
		}
		ok := ev.survives(lanes)
		for j, id := range sel[lo:hi] {
			if ok[j] {
				rest = append(rest, id)
			} else {
				out = append(out, id)
			}
		}
	}
	if len(rest) == 0 || ev.survives([][]int{rest})[0] {
		return out
	}
	var on []int
	for i := 0; i < len(rest); {
		n := min(killLanes, len(rest)-i)
		lanes := make([][]int, n)
		for j := range lanes {
			lanes[j] = append(append([]int(nil), on...), rest[i:i+j+1]...)
		}
		ok := ev.survives(lanes)
		j := 0
		for j < n && ok[j] {
			j++
		}
		on = append(on, rest[i:i+j]...)
		if j < n {
			out = append(out, rest[i+j])
		}
		i += j + 1
	}
	sort.Ints(out)
	return out
}

// gini's Eval64 sets the constant true in 63 lanes only (bit 63 is
// false), so 63 selections are evaluated per pass.
const killLanes = 63

// killEval evaluates the circuit at one assignment with the selection
// changed, a selection per lane.
type killEval struct {
	e    *Encoding
	root z.Lit
	base []uint64
	vs   []uint64
}

func newKillEval(e *Encoding, val func(z.Lit) bool, root z.Lit) *killEval {
	c := e.C
	n := c.Len()
	base := make([]uint64, n)
	for v := 2; v < n; v++ {
		m := z.Var(v).Pos()
		if a, _ := c.Ins(m); a == z.LitNull && val(m) {
			base[v] = ^uint64(0)
		}
	}
	return &killEval{e: e, root: root, base: base, vs: make([]uint64, n)}
}

// survives reports, per lane, whether the assignment with the selectors
// of the lane's candidates flipped is still a model.
func (k *killEval) survives(lanes [][]int) []bool {
	e := k.e
	copy(k.vs, k.base)
	for j, ids := range lanes {
		for _, id := range ids {
			k.vs[e.selectors[id].Var()] ^= 1 << uint(j)
		}
	}
	e.C.Eval64(k.vs)
	ok := lit64(k.vs, k.root)
	for cl := range e.Clauses.All() {
		any := uint64(0)
		for _, m := range cl {
			any |= lit64(k.vs, m)
		}
		ok &= any
	}
	out := make([]bool, len(lanes))
	for j := range lanes {
		out[j] = ok&(1<<uint(j)) != 0
		if out[j] && e.enc.lazyChecks() {
			bit := uint64(1) << uint(j)
			out[j] = !e.enc.lazyViolated(func(m z.Lit) bool { return lit64(k.vs, m)&bit != 0 })
		}
	}
	return out
}

// anyLazyCycle reports whether an assignment has a cycle in a lazily
// checked acyclicity component (catlazy.go), without recording lemmas.
func (ci *CatInstance) anyLazyCycle(value func(z.Lit) bool) bool {
	val := ci.litValue(value)
	for _, la := range ci.lazy {
		succ := la.trueEdges(val)
		for _, start := range la.members {
			if shortestCycle(start, succ) != nil {
				return true
			}
		}
	}
	return false
}

func lit64(vs []uint64, m z.Lit) uint64 {
	v := vs[m.Var()]
	if !m.IsPos() {
		v = ^v
	}
	return v
}

// Conditional tags (lsl/candidates_tags.go): a tag sel.cN.T holds when
// candidate N is selected. A fence with conditional tags only executes
// when one of them is selected (anySelected, folded into its guard in
// symexec.go); an event belongs to the set of tag T when it has T, or
// has sel.cN.T and N is selected (condMember, in the cat encoding's tag
// sets). The selector literals are those of candidate fences, so Kills
// and Selection treat both alike.

// anySelected is the disjunction of the selectors of the conditional
// tags among tags.
func (e *Encoding) anySelected(tags []string) z.Lit {
	var ls []z.Lit
	for _, t := range tags {
		if id, _, ok := lsl.ParseCondTag(t); ok {
			ls = append(ls, e.Selector(id))
		}
	}
	return e.C.Ors(ls...)
}

// condMember is "the event with guard g and tags is in the set of tag
// name by a selected conditional tag".
func (e *Encoding) condMember(tags []string, name string, g z.Lit) z.Lit {
	var ls []z.Lit
	for _, t := range tags {
		if id, tag, ok := lsl.ParseCondTag(t); ok && tag == name {
			ls = append(ls, e.C.And(g, e.Selector(id)))
		}
	}
	return e.C.Ors(ls...)
}

// resolveTags is lsl.ResolveTags under the selection of an assignment.
func (e *Encoding) resolveTags(tags []string, val func(z.Lit) bool) []string {
	return lsl.ResolveTags(tags, func(id int) bool {
		s, ok := e.selectors[id]
		return ok && val(s)
	})
}

// condC11Tags compiles the conditional memory orders of a C11 access (a
// memory-order candidate: sel.cN.ACQ on an access of order RLX) for a
// hardware model: the tags the access has under order T that it does not
// have under its own order (mapped), each conditional on N.
func (ci *CatInstance) condC11Tags(in *Instr, tags, mapped []string) []string {
	mp := ci.m.C11
	var out []string
	for _, t := range tags {
		id, ord, ok := lsl.ParseCondTag(t)
		if !ok || lsl.C11Order([]string{ord}) != ord {
			continue
		}
		var more []string
		switch in.Kind {
		case axioms.Fence:
			more = mp.Fence(ord)
		case axioms.Load:
			more = mp.Access("R", in.Atomic != 0, ord)
		default:
			more = mp.Access("W", in.Atomic != 0, ord)
		}
		for _, m := range more {
			if !lsl.HasTag(mapped, m) {
				out = append(out, lsl.CondTag(id, m))
			}
		}
	}
	return out
}
