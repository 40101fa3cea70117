package axioms

import (
	"github.com/checkfence/checkfence/diag"
)

// Model is a checked memory model: the contents of a .mm file.
type Model struct {
	Name       string
	Pos        diag.Pos
	Predefined []*Decl    // predefined symbols the model uses
	Exists     []*Decl    // relation variables (existentially quantified)
	Vars       []*VarDecl // the forall section: sorts of instruction variables
	Axioms     []*Axiom
}

// Decl declares a predefined symbol or a relation variable.
type Decl struct {
	Pos    diag.Pos
	Kind   DeclKind
	Name   string
	Params []Sort
}

// Signature renders the declaration in .mm syntax.
func (d *Decl) Signature() string { return signature(d.Kind, d.Name, d.Params) }

// VarDecl gives a sort to instruction variables: "X, Y, Z : access".
type VarDecl struct {
	Pos   diag.Pos
	Names []string
	Sort  Sort
}

// Axiom is a labelled formula of the require section. Its free variables
// are universally quantified over their declared sorts.
type Axiom struct {
	Pos   diag.Pos
	Label string // without the angle brackets
	Body  Formula
}

// Formula is a node of an axiom: *Const, *Not, *And, *Or, *Implies, *Iff,
// *Equal, *Apply or *Quant.
type Formula interface {
	Position() diag.Pos
	isFormula()
}

// Const is true or false.
type Const struct {
	Pos   diag.Pos
	Value bool
}

// Not is ~X.
type Not struct {
	Pos diag.Pos
	X   Formula
}

// And is X1 & X2 & ... (at least two operands).
type And struct {
	Pos diag.Pos
	Xs  []Formula
}

// Or is X1 | X2 | ... (at least two operands).
type Or struct {
	Pos diag.Pos
	Xs  []Formula
}

// Implies is L => R.
type Implies struct {
	Pos  diag.Pos
	L, R Formula
}

// Iff is L <=> R.
type Iff struct {
	Pos  diag.Pos
	L, R Formula
}

// Equal is X = Y on instruction variables.
type Equal struct {
	Pos  diag.Pos
	L, R *Var
}

// Apply applies a predefined symbol or a relation variable to instruction
// variables.
type Apply struct {
	Pos  diag.Pos
	Name string
	Args []*Var
}

// Quant is "forall X : sort . Body" or "exists X : sort . Body".
type Quant struct {
	Pos    diag.Pos
	Exists bool
	Vars   []*Var
	Sort   Sort
	Body   Formula
}

// Var is an occurrence of an instruction variable.
type Var struct {
	Pos  diag.Pos
	Name string
}

func (f *Const) Position() diag.Pos   { return f.Pos }
func (f *Not) Position() diag.Pos     { return f.Pos }
func (f *And) Position() diag.Pos     { return f.Pos }
func (f *Or) Position() diag.Pos      { return f.Pos }
func (f *Implies) Position() diag.Pos { return f.Pos }
func (f *Iff) Position() diag.Pos     { return f.Pos }
func (f *Equal) Position() diag.Pos   { return f.Pos }
func (f *Apply) Position() diag.Pos   { return f.Pos }
func (f *Quant) Position() diag.Pos   { return f.Pos }

func (*Const) isFormula()   {}
func (*Not) isFormula()     {}
func (*And) isFormula()     {}
func (*Or) isFormula()      {}
func (*Implies) isFormula() {}
func (*Iff) isFormula()     {}
func (*Equal) isFormula()   {}
func (*Apply) isFormula()   {}
func (*Quant) isFormula()   {}

// Relation returns the declaration of relation variable name, or nil.
func (m *Model) Relation(name string) *Decl {
	for _, d := range m.Exists {
		if d.Name == name {
			return d
		}
	}
	return nil
}

// VarSort returns the sort declared for instruction variable name in the
// forall section.
func (m *Model) VarSort(name string) (Sort, bool) {
	for _, vd := range m.Vars {
		for _, n := range vd.Names {
			if n == name {
				return vd.Sort, true
			}
		}
	}
	return 0, false
}

// Axiom returns the axiom with the given label, or nil.
func (m *Model) Axiom(label string) *Axiom {
	for _, a := range m.Axioms {
		if a.Label == label {
			return a
		}
	}
	return nil
}
