package litmus

import "github.com/checkfence/checkfence/lsl"

// Satisfies evaluates the condition's proposition in a state.
func (t *Test) Satisfies(s State) bool { return t.Cond.Prop.Eval(t.valuer(s)) }

// PassesFilter reports whether the test's filter (none: every state)
// admits s.
func (t *Test) PassesFilter(s State) bool { return t.Filter == nil || t.Filter.Eval(t.valuer(s)) }

func (t *Test) valuer(s State) func(Term) lsl.Value {
	return func(term Term) lsl.Value { return t.Lookup(s, term) }
}

// StateLess orders states by their values, term by term.
func (t *Test) StateLess(a, b State) bool {
	for i := range a.Values {
		x, y := a.Values[i], b.Values[i]
		if x.Equal(y) {
			continue
		}
		if x.Kind != y.Kind {
			return x.Kind < y.Kind
		}
		if x.Kind == lsl.KNum {
			return x.Num < y.Num
		}
		return x.String() < y.String()
	}
	return false
}
