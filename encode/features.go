package encode

import "strings"

// Features are the encoder's features as they apply to one encoding: which
// are on and, through the model's properties (memmodel.Properties), which
// the model keeps off. A copy of a model under another name has the
// features of the original (tests/modelcopy_test.go).
type Features struct {
	SymmetricClasses int    // classes of identical threads ordered (symmetry.go)
	PoolSymmetry     bool   // fresh pool blocks taken in order (poolsymmetry.go)
	FairProgress     bool   // redundant retry rounds deleted (fairness.go)
	StorelessCycles  bool   // and only those that store nothing (catfair.go)
	StoringCycles    bool   // but rounds that store are deleted too
	Superseded       bool   // and rounds whose stores are overwritten
	LoadsInOrder     bool   // silent read-modify-writes' shortcut (silent.go)
	Flags            string // the model's flags, comma-separated
	LazyChecks       bool   // some check is left to Lemmas (catlazy.go)
	FairNote         string // CatFairNote
}

// Features reports the features of e.
func (e *Encoding) Features() Features {
	var flags []string
	for _, f := range e.Flags() {
		flags = append(flags, f.Name)
	}
	return Features{
		SymmetricClasses: len(e.sym),
		PoolSymmetry:     e.poolSym != 0,
		FairProgress:     e.fair,
		StorelessCycles:  e.catCycles,
		StoringCycles:    e.catStoringCycles,
		Superseded:       e.catSuperseded,
		LoadsInOrder:     e.loadsInOrder,
		Flags:            strings.Join(flags, ","),
		LazyChecks:       e.enc.lazyChecks(),
		FairNote:         e.CatFairNote(),
	}
}
