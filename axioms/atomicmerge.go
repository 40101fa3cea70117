package axioms

import "github.com/checkfence/checkfence/internal/gini/z"

// Atomic-block merging (an optimization derived from the model file).
//
// When a total order R over sort s has the atomicity axiom
//
//	a1: atomic(X,Y) & program_order(X,Y) & ~atomic(Y,Z) & R(X,Z) => R(Y,Z)
//
// and R follows program order inside atomic blocks — by
//
//	a2: atomic(X,Y) & program_order(X,Y) => R(X,Y)
//
// or by program_order(X,Y) => R(X,Y) for all X, Y (sc's M1) — then for
// executed members X, Y of one block (X before Y) and an executed Z outside
// it, R(X,Z) ⇔ R(Y,Z): "⇒" is a1, "⇐" follows from R(X,Y) and transitivity.
// So all members of a block can share one literal per outside instruction:
// R(Y,Z) is encoded as R(rep,Z) where rep is the block's first member. The
// a1 instances become tautologies, the block counts as one vertex for
// transitivity (guarded by "some member executes"), and a serial encoding,
// whose operations are atomic blocks, orders operations instead of accesses.
// Members not executed are unconstrained, so sharing costs nothing there.

// mergeable returns the total orders whose atomic blocks can be merged.
func mergeable(m *Model, totals map[string]bool) map[string]bool {
	hasA1, ordered := map[string]bool{}, map[string]bool{}
	for _, a := range m.Axioms {
		if r := matchAtomicity(m, a.Body); r != "" {
			hasA1[r] = true
		}
		if r := matchBlockOrder(m, a.Body); r != "" {
			ordered[r] = true
		}
	}
	out := map[string]bool{}
	for r := range totals {
		if hasA1[r] && ordered[r] {
			out[r] = true
		}
	}
	return out
}

// apply matches name(A, B) with variable arguments.
func apply2(f Formula, name string) (string, string, bool) {
	a, ok := f.(*Apply)
	if !ok || a.Name != name || len(a.Args) != 2 {
		return "", "", false
	}
	return a.Args[0].Name, a.Args[1].Name, true
}

// matchAtomicity matches a1 and returns R.
func matchAtomicity(m *Model, f Formula) string {
	imp, ok := f.(*Implies)
	if !ok {
		return ""
	}
	rel, hy, hz, ok := relAtom(m, imp.R)
	if !ok {
		return ""
	}
	conj := flatten(imp.L, true)
	if len(conj) != 4 {
		return ""
	}
	var x string
	var sawAtomic, sawPO, sawNotAtomic, sawR bool
	for _, c := range conj {
		if n, isNot := c.(*Not); isNot {
			if a, b, ok := apply2(n.X, "atomic"); ok && (a == hy && b == hz || a == hz && b == hy) {
				sawNotAtomic = true
				continue
			}
			return ""
		}
		if a, b, ok := apply2(c, "atomic"); ok && (b == hy || a == hy) {
			other := a
			if a == hy {
				other = b
			}
			if x != "" && x != other {
				return ""
			}
			x, sawAtomic = other, true
			continue
		}
		if a, b, ok := apply2(c, "program_order"); ok && b == hy {
			if x != "" && x != a {
				return ""
			}
			x, sawPO = a, true
			continue
		}
		if r, a, b, ok := relAtom(m, c); ok && r == rel && b == hz {
			if x != "" && x != a {
				return ""
			}
			x, sawR = a, true
			continue
		}
		return ""
	}
	if !sawAtomic || !sawPO || !sawNotAtomic || !sawR || x == hy || x == hz || hy == hz {
		return ""
	}
	return rel
}

// matchBlockOrder matches a2 (or program order implying R everywhere) and
// returns R.
func matchBlockOrder(m *Model, f Formula) string {
	imp, ok := f.(*Implies)
	if !ok {
		return ""
	}
	rel, hx, hy, ok := relAtom(m, imp.R)
	if !ok || hx == hy {
		return ""
	}
	conj := flatten(imp.L, true)
	sawPO := false
	for _, c := range conj {
		if a, b, ok := apply2(c, "program_order"); ok && a == hx && b == hy {
			sawPO = true
			continue
		}
		if a, b, ok := apply2(c, "atomic"); ok && (a == hx && b == hy || a == hy && b == hx) {
			continue
		}
		return ""
	}
	if !sawPO {
		return ""
	}
	return rel
}

// blockMerge maps each instruction of a total order's sort to its atomic
// block's representative (itself outside blocks).
type blockMerge struct {
	rep   []int32 // instruction → representative
	block []int32 // instruction → block id, -1 outside blocks
	guard []z.Lit // representative → "some member executes"
	// dominant marks the members that execute whenever any member of
	// their block does (the loads of a compare-and-swap, say).
	dominant []bool
}

func newBlockMerge(in *interp, s Sort) *blockMerge {
	bm := &blockMerge{rep: make([]int32, in.n), block: make([]int32, in.n), guard: make([]z.Lit, in.n), dominant: make([]bool, in.n)}
	for i := range bm.rep {
		bm.rep[i] = int32(i)
		bm.block[i] = -1
		bm.guard[i] = in.guards[i]
	}
	dom := in.sortDom[s]
	nb := int32(0)
	for x, a := range dom {
		if bm.block[a] >= 0 {
			continue
		}
		members := []int32{a}
		for _, b := range dom[x+1:] {
			if in.atomic.get(int(a), int(b)) {
				members = append(members, b)
			}
		}
		if len(members) < 2 {
			continue
		}
		g := in.c.F
		for _, b := range members {
			bm.block[b] = nb
			bm.rep[b] = a // dom is in instruction (program) order: a is first
			g = in.c.Or(g, in.guards[b])
		}
		bm.guard[a] = g
		for _, b := range members {
			bm.dominant[b] = true
			for _, o := range members {
				if !in.guardImplies(in.guards[o], in.guards[b]) {
					bm.dominant[b] = false
					break
				}
			}
		}
		nb++
	}
	return bm
}

// mapArgs replaces block members by their representatives unless both are
// in the same block.
func (bm *blockMerge) mapArgs(a, b int32) (int32, int32) {
	if bm.block[a] >= 0 && bm.block[a] == bm.block[b] {
		return a, b
	}
	return bm.rep[a], bm.rep[b]
}

// isRep reports whether i stands for itself (a representative or outside
// every block).
func (bm *blockMerge) isRep(i int32) bool { return bm.rep[i] == i }

// fixable reports whether a fact about R(args), established for executions
// that execute args, may fix R's literal. A literal shared by the members of
// an atomic block also speaks for the other members, which may execute
// without args[k]: such facts stay clauses — unless args[k] is a dominant
// member, which executes whenever any member does, so that the fact holds
// wherever the shared literal matters. (The init/final order holds for
// every member alike and is fixed directly.)
func (r *relation) fixable(args []int32) bool {
	if r.merge == nil || len(args) != 2 {
		return true
	}
	a, b := args[0], args[1]
	bm := r.merge
	if bm.block[a] >= 0 && bm.block[a] == bm.block[b] {
		return true
	}
	return (bm.block[a] < 0 || bm.dominant[a]) && (bm.block[b] < 0 || bm.dominant[b])
}
