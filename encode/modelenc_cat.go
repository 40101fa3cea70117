package encode

import (
	"github.com/checkfence/checkfence/cat"
	"github.com/checkfence/checkfence/internal/gini/z"
	"github.com/checkfence/checkfence/trace"
)

// The modelEncoding of a cat model (modelenc.go): its candidate-execution
// encoding, *CatInstance (cat*.go).

// ordersThreads: symmetry keys order the threads of every cat model
// (catsymmetry.go).
func (ci *CatInstance) ordersThreads() bool { return true }

func (ci *CatInstance) poolOrder(mallocs []*Instr, took [][]z.Lit) (z.Lit, bool) {
	co := ci.baseRel("co")
	return ci.e.catPoolOrder(mallocs, took, func(a, b *Instr) z.Lit {
		x, y := ci.evOf[a.Index], ci.evOf[b.Index]
		if x < 0 || y < 0 {
			return ci.c.F
		}
		return co.get(ci.c, x, y)
	})
}

// storeAfter: s is coherence-after the store l read from, fr(l, s).
func (ci *CatInstance) storeAfter(l, s int) z.Lit { return ci.fromRead(l, s) }

func (ci *CatInstance) flags() []*CatFlag { return ci.Flags }

func (ci *CatInstance) flagTouch(keep func(*cat.Constraint) bool) func(int) (z.Lit, bool) {
	var flags []*cat.Constraint
	for _, k := range ci.m.Flags() {
		if keep == nil || keep(k) {
			flags = append(flags, k)
		}
	}
	if len(flags) == 0 {
		return nil
	}
	touch := ci.flagTouchOf(flags)
	return func(instr int) (z.Lit, bool) {
		if ev := ci.evOf[instr]; ev >= 0 {
			return touch[ev], true
		}
		return z.LitNull, false
	}
}

func (ci *CatInstance) flagWitness(f *CatFlag, val func(z.Lit) bool) string {
	return ci.FlagWitness(f, val)
}

func (ci *CatInstance) flagInstrs(f *CatFlag, val func(z.Lit) bool) []int {
	return ci.FlagInstrs(f, val)
}

func (ci *CatInstance) decode(x *trace.Execution, val func(z.Lit) bool) {
	cx := ci.Decode(val)
	x.Cat = &trace.CatExecution{Model: cx.model, Candidate: cx.Candidate, Instrs: cx.instrs}
}

// linearOrder: a cat model has no total order of the accesses.
func (ci *CatInstance) linearOrder(func(z.Lit) bool) ([]int, bool) { return nil, false }

func (ci *CatInstance) lazyChecks() bool { return len(ci.lazy) > 0 || len(ci.txnWalks) > 0 }

func (ci *CatInstance) lazyViolated(value func(z.Lit) bool) bool {
	return ci.anyLazyCycle(value) || ci.walkLemmas(value, true) != nil
}
