package encode

import (
	"fmt"

	"github.com/checkfence/checkfence/axioms"
	"github.com/checkfence/checkfence/encode/sat"
	"github.com/checkfence/checkfence/internal/gini/z"
	"github.com/checkfence/checkfence/memmodel"
)

// Theta is the memory-model part Θ of the encoding: a .mm model
// instantiated by package axioms (*axioms.Instance) or a cat model
// encoded in the candidate-execution style (*CatInstance).
type Theta interface {
	// Constraint is Θ as a literal; Clauses are more clauses of Θ (their
	// error: the context of the options was done while they were built).
	Constraint() z.Lit
	Clauses() (*sat.ClauseList, error)
	// Lemmas returns clauses the assignment violates that lazily encoded
	// constraints need (none when everything is eager).
	Lemmas(value func(z.Lit) bool) [][]z.Lit
	Stats() axioms.InstanceStats
	// HasRel and Rel give the literals of a .mm relation variable (a cat
	// instance has none).
	HasRel(name string) bool
	Rel(name string, args ...int) z.Lit
}

var (
	_ Theta = (*axioms.Instance)(nil)
	_ Theta = (*CatInstance)(nil)
)

// instantiate builds Θ for model m, the model's modelEncoding
// (modelenc.go): the one place the encoder looks at the language a model
// is written in (memmodel's doc).
func (e *Encoding) instantiate(m *memmodel.Model, opt Options) (modelEncoding, error) {
	if cm := m.Cat(); cm != nil {
		ci, err := newCatInstance(e, cm, opt)
		if err != nil {
			return nil, err
		}
		e.catInst = ci
		return ci, nil
	}
	inst, err := axioms.Instantiate(m.Axiomatic(), universe{e}, opt.Axioms)
	if err != nil {
		return nil, err
	}
	return newMMEncoding(e, inst), nil
}

// Flags are the flags of a cat model (none on a .mm model).
func (e *Encoding) Flags() []*CatFlag { return e.enc.flags() }

// FlagWitness describes what made flag f fire in an assignment ("" when
// it says nothing beyond the flag; catflagwitness.go).
func (e *Encoding) FlagWitness(f *CatFlag, val func(z.Lit) bool) string {
	return e.enc.flagWitness(f, val)
}

// FlagInstrs are the instructions of the events that made flag f fire
// (flaginstrs.go).
func (e *Encoding) FlagInstrs(f *CatFlag, val func(z.Lit) bool) []int {
	return e.enc.flagInstrs(f, val)
}

// canOrderStores reports whether the model orders stores, which spin
// loops and locks need to detect deadlocks: a .mm model needs a relation
// memory_order, a cat model has coherence.
func (e *Encoding) canOrderStores() error {
	if e.Memory.Props().OrdersStores {
		return nil
	}
	return fmt.Errorf("the memory model has no relation memory_order, which spin loops and locks need to detect deadlocks")
}

// storeAfter is the literal "store s comes after load l's value in the
// order of l's cell": memory_order(l, s) on a .mm model; on a cat model
// s is coherence-after the store l read from, fr(l, s).
func (e *Encoding) storeAfter(l, s int) z.Lit { return e.enc.storeAfter(l, s) }
