package axioms

import (
	"github.com/checkfence/checkfence/internal/gini/logic"
	"github.com/checkfence/checkfence/internal/gini/z"
)

// InstrKind is the command type of an instruction (§2.1.1).
type InstrKind uint8

const (
	Load InstrKind = iota + 1
	Store
	Fence
)

func (k InstrKind) String() string {
	switch k {
	case Load:
		return "load"
	case Store:
		return "store"
	case Fence:
		return "fence"
	}
	return "?"
}

// Universe is the encoder's view of one unrolled concurrent program: the
// instruction set I_P and the interpretation of every predefined symbol of a
// .mm file over it (dissertation Def. 15, §5.4.1 step 3). Static facts are Go
// booleans; facts that depend on the execution are literals of Circuit (the
// constants Circuit().T and Circuit().F where the encoder already knows).
//
// Instructions are numbered 0..NumInstrs()-1, thread by thread, each thread's
// instructions in program order.
type Universe interface {
	Circuit() *logic.C
	NumInstrs() int
	Kind(i int) InstrKind
	// FencePred reports whether fence i satisfies a fence predicate
	// (ll_fence, ls_fence, sl_fence, ss_fence, al_fence, ddl_fence, cd_fence).
	FencePred(i int, pred string) bool
	// Guard is G_i: instruction i is executed.
	Guard(i int) z.Lit
	// ProgramOrder is the static program order ≺_P (a strict partial order:
	// total within a thread; init-thread instructions precede and final-thread
	// instructions follow those of the concurrent threads).
	ProgramOrder(i, j int) bool
	// Atomic is the static equivalence ~_A of atomic blocks (reflexive).
	Atomic(i, j int) bool
	// Aliased is A_i = A_j for accesses i, j.
	Aliased(i, j int) z.Lit
	// Seed is S_ls for a load l and store s.
	Seed(l, s int) z.Lit
	// HasSeed is the disjunction of Seed(l, s) over all s.
	HasSeed(l int) z.Lit
	// DataDependent and ControlDependent are <_D and <_C (§3.4.2) for a load i
	// and an instruction j of the same thread.
	DataDependent(i, j int) z.Lit
	ControlDependent(i, j int) z.Lit
	// ForcedOrder reports that the test's structure orders accesses i before j
	// in every execution (init before the threads, the threads before final):
	// Instantiate adds memory_order(i, j) for every such pair of executed
	// accesses when the model has a relation named memory_order.
	ForcedOrder(i, j int) bool
}
