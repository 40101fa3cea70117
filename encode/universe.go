package encode

import (
	"github.com/checkfence/checkfence/axioms"
	"github.com/checkfence/checkfence/internal/gini/logic"
	"github.com/checkfence/checkfence/internal/gini/z"
	"github.com/checkfence/checkfence/lsl"
)

// universe presents an Encoding to the axioms package (axioms.Universe).
type universe struct{ e *Encoding }

var _ axioms.Universe = universe{}

func (u universe) Circuit() *logic.C           { return u.e.C }
func (u universe) NumInstrs() int              { return len(u.e.Instrs) }
func (u universe) Kind(i int) axioms.InstrKind { return u.e.Instrs[i].Kind }
func (u universe) Guard(i int) z.Lit           { return u.e.Instrs[i].Guard }

func (u universe) FencePred(i int, pred string) bool {
	in := u.e.Instrs[i]
	if in.Kind != axioms.Fence {
		return false
	}
	for _, p := range in.Fence.Predicates() {
		if p == pred {
			return true
		}
	}
	return false
}

// ProgramOrder: within a thread, instruction order; across threads, the
// init/final structure of the test.
func (u universe) ProgramOrder(i, j int) bool {
	e := u.e
	if e.threadOf[i] == e.threadOf[j] {
		return i < j
	}
	return e.ForcedBefore(i, j)
}

func (u universe) Atomic(i, j int) bool {
	if i == j {
		return true
	}
	a, b := u.e.Instrs[i], u.e.Instrs[j]
	return a.Atomic != 0 && a.Atomic == b.Atomic
}

func (u universe) Aliased(i, j int) z.Lit {
	a, b := u.e.Instrs[i], u.e.Instrs[j]
	if !a.IsAccess() || !b.IsAccess() {
		return u.e.C.F
	}
	return u.e.aliased(a, b)
}

func (u universe) Seed(l, s int) z.Lit { return u.e.Seed(l, s) }

func (u universe) HasSeed(l int) z.Lit {
	if v, ok := u.e.hasSeed[l]; ok {
		return v
	}
	return u.e.C.F
}

func (u universe) DataDependent(i, j int) z.Lit {
	e := u.e
	if e.threadOf[i] != e.threadOf[j] || i >= j || e.Instrs[i].Kind != axioms.Load {
		return e.C.F
	}
	return e.Instrs[j].ddeps.on(e.C, i)
}

func (u universe) ControlDependent(i, j int) z.Lit {
	e := u.e
	if e.threadOf[i] != e.threadOf[j] || i >= j || e.Instrs[i].Kind != axioms.Load {
		return e.C.F
	}
	return e.Instrs[j].cdeps.on(e.C, i)
}

// ForcedOrder: the init/final structure of the test (ForcedBefore), and,
// on a vetted .mm model, program order among the final thread's own
// accesses: the final thread runs alone after every other thread, and
// every execution has a twin with the same values, failures, races and
// guards in which its accesses take effect in program order
// (docs/semantics.md, "The final thread in program order").
func (u universe) ForcedOrder(i, j int) bool {
	e := u.e
	if e.finalInOrder && e.threadOf[i] == e.threadOf[j] && e.threadKinds[e.threadOf[i]] == lsl.ThreadFinal {
		return i < j
	}
	return e.ForcedBefore(i, j)
}
