package encode

import (
	"slices"

	"github.com/checkfence/checkfence/axioms"
	"github.com/checkfence/checkfence/cat"
	"github.com/checkfence/checkfence/internal/gini/z"
	"github.com/checkfence/checkfence/trace"
)

// modelEncoding is Θ as the encoder's features see it: the one interface
// the encoder instantiates for a memory model (modelinstance.go), implemented
// once per language — mmEncoding for a .mm model's axioms (package
// axioms), *CatInstance for a cat model (modelenc_cat.go). Each feature
// (symmetry, pool symmetry, fair progress's flag conditions, races,
// deadlock detection, fence selectors, C11 fence display, trace decoding)
// asks it, or a memmodel.Properties field, what the model provides; none
// tests which language the model is written in.
type modelEncoding interface {
	Theta
	// ordersThreads: identical threads and pool blocks can be put in an
	// order the model gives every execution (a .mm model's total order
	// memory_order; a cat model's symmetry keys, catsymmetry.go), so
	// symmetry breaking applies.
	ordersThreads() bool
	// symmetryOrder is the constraint that the threads of a class of
	// identical threads are in that order (false: none for this class).
	symmetryOrder(cl []int) (z.Lit, bool)
	// poolOrder is the constraint that the mallocs take untouched pool
	// blocks in that order, given took[i][v]: malloc i takes block v.
	poolOrder(mallocs []*Instr, took [][]z.Lit) (z.Lit, bool)
	// storeAfter is "store s comes after the value load l read in the
	// order of l's cell" (spin loops, locks).
	storeAfter(l, s int) z.Lit
	// flags are the model's flags (none on a .mm model).
	flags() []*CatFlag
	// flagTouch gives, per instruction, the literal "its event takes part
	// in a pair of the relation of one of the flags keep accepts (nil:
	// every flag)", ok false for an instruction that is no event; nil
	// when no flag is kept.
	flagTouch(keep func(*cat.Constraint) bool) func(instr int) (z.Lit, bool)
	// flagWitness and flagInstrs explain a flag that fired.
	flagWitness(f *CatFlag, val func(z.Lit) bool) string
	flagInstrs(f *CatFlag, val func(z.Lit) bool) []int
	// barrier says how a trace shows a fence (catc11.go).
	barrier(in *Instr) (barrier string, shown bool)
	// decode adds the model's view of an execution to x.
	decode(x *trace.Execution, val func(z.Lit) bool)
	// linearOrder lists the instructions in the model's total order
	// memory_order when it has one (ok false otherwise).
	linearOrder(val func(z.Lit) bool) (order []int, ok bool)
	// lazyChecks reports whether some check is left to Lemmas, and
	// lazyViolated whether an assignment violates one of them (the fence
	// selectors' lanes, fencecandidates.go).
	lazyChecks() bool
	lazyViolated(value func(z.Lit) bool) bool
}

var (
	_ modelEncoding = mmEncoding{}
	_ modelEncoding = (*CatInstance)(nil)
)

// mmEncoding is a .mm model's Θ: the axioms instantiated by package axioms.
type mmEncoding struct {
	*axioms.Instance
	e *Encoding
	// totalMO: memory_order is one of the instance's total orders.
	totalMO bool
}

func newMMEncoding(e *Encoding, inst *axioms.Instance) mmEncoding {
	return mmEncoding{Instance: inst, e: e, totalMO: slices.Contains(inst.TotalOrders(), "memory_order")}
}

func (m mmEncoding) ordersThreads() bool { return m.totalMO }

func (m mmEncoding) storeAfter(l, s int) z.Lit { return m.Rel("memory_order", l, s) }

func (mmEncoding) flags() []*CatFlag { return nil }

func (mmEncoding) flagTouch(func(*cat.Constraint) bool) func(int) (z.Lit, bool) { return nil }

func (mmEncoding) flagWitness(*CatFlag, func(z.Lit) bool) string { return "" }

func (mmEncoding) flagInstrs(*CatFlag, func(z.Lit) bool) []int { return nil }

// barrier: a .mm model sees every fence as the fence it is.
func (mmEncoding) barrier(*Instr) (string, bool) { return "", true }

func (mmEncoding) decode(*trace.Execution, func(z.Lit) bool) {}

func (m mmEncoding) linearOrder(val func(z.Lit) bool) ([]int, bool) {
	if !m.totalMO {
		return nil, false
	}
	return m.Linearize("memory_order", val), true
}

func (mmEncoding) lazyChecks() bool                   { return false }
func (mmEncoding) lazyViolated(func(z.Lit) bool) bool { return false }
