package axioms

import "strings"

// String renders the model as .mm text that Parse accepts and that parses
// back to the same model (comments and layout are not preserved).
func (m *Model) String() string {
	var b strings.Builder
	b.WriteString("model " + m.Name + "\n")
	section := func(name string, decls []*Decl) {
		b.WriteString("\n" + name + "\n")
		for _, d := range decls {
			b.WriteString("  " + d.Signature() + "\n")
		}
	}
	section("predefined", m.Predefined)
	section("exists", m.Exists)
	b.WriteString("\nforall\n")
	for _, vd := range m.Vars {
		b.WriteString("  " + strings.Join(vd.Names, ", ") + " : " + vd.Sort.String() + "\n")
	}
	b.WriteString("\nrequire\n")
	for _, a := range m.Axioms {
		b.WriteString("  <" + a.Label + "> " + FormulaString(a.Body) + "\n")
	}
	b.WriteString("\nend model\n")
	return b.String()
}

// Precedence levels, loosest first. Quantifier bodies extend as far right
// as possible, so a quantifier used as an operand is parenthesized.
const (
	precQuant = iota
	precIff
	precImplies
	precOr
	precAnd
	precNot
	precAtom
)

func prec(f Formula) int {
	switch f.(type) {
	case *Quant:
		return precQuant
	case *Iff:
		return precIff
	case *Implies:
		return precImplies
	case *Or:
		return precOr
	case *And:
		return precAnd
	case *Not:
		return precNot
	}
	return precAtom
}

// FormulaString renders a formula in .mm syntax with the fewest
// parentheses that preserve its structure.
func FormulaString(f Formula) string {
	var b strings.Builder
	writeFormula(&b, f)
	return b.String()
}

// writeOperand writes f, parenthesized unless it binds tighter than min.
func writeOperand(b *strings.Builder, f Formula, min int) {
	if prec(f) < min || prec(f) == precQuant {
		b.WriteByte('(')
		writeFormula(b, f)
		b.WriteByte(')')
		return
	}
	writeFormula(b, f)
}

func writeVars(b *strings.Builder, vs []*Var) {
	for i, v := range vs {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(v.Name)
	}
}

func writeFormula(b *strings.Builder, f Formula) {
	switch f := f.(type) {
	case *Const:
		if f.Value {
			b.WriteString("true")
		} else {
			b.WriteString("false")
		}
	case *Not:
		b.WriteByte('~')
		if _, eq := f.X.(*Equal); eq {
			// ~(S = S') reads better than ~S = S'.
			b.WriteByte('(')
			writeFormula(b, f.X)
			b.WriteByte(')')
			return
		}
		writeOperand(b, f.X, precNot)
	case *And:
		for i, x := range f.Xs {
			if i > 0 {
				b.WriteString(" & ")
			}
			// Nested conjunctions came from explicit parentheses.
			writeOperand(b, x, precAnd+1)
		}
	case *Or:
		for i, x := range f.Xs {
			if i > 0 {
				b.WriteString(" | ")
			}
			writeOperand(b, x, precOr+1)
		}
	case *Implies:
		// Right-associative.
		writeOperand(b, f.L, precImplies+1)
		b.WriteString(" => ")
		writeOperand(b, f.R, precImplies)
	case *Iff:
		// Left-associative.
		writeOperand(b, f.L, precIff)
		b.WriteString(" <=> ")
		writeOperand(b, f.R, precIff+1)
	case *Equal:
		b.WriteString(f.L.Name + " = " + f.R.Name)
	case *Apply:
		b.WriteString(f.Name + "(")
		writeVars(b, f.Args)
		b.WriteByte(')')
	case *Quant:
		if f.Exists {
			b.WriteString("exists ")
		} else {
			b.WriteString("forall ")
		}
		writeVars(b, f.Vars)
		b.WriteString(" : " + f.Sort.String() + " . ")
		writeFormula(b, f.Body)
	}
}
