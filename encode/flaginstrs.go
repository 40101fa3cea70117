package encode

import (
	"github.com/checkfence/checkfence/cat"
	"github.com/checkfence/checkfence/internal/gini/z"
)

// FlagInstrs returns the instructions (indices into Instrs) of the event
// or pair FlagWitness names for a flag that fires in the model val, in
// event order: initial writes, which are no instruction, are left out.
// Nil for flags FlagWitness names nothing for.
func (ci *CatInstance) FlagInstrs(f *CatFlag, val func(z.Lit) bool) []int {
	k := f.k
	if k == nil || k.Kind != cat.Empty || !k.Negated {
		return nil
	}
	p := testPol(!k.Negated)
	var evs []int
	if k.Expr.Kind == cat.KSet {
		for i, l := range ci.set(k.Expr, p) {
			if val(l) {
				evs = []int{i}
				break
			}
		}
	} else {
	rows:
		for i, row := range ci.rel(k.Expr, p).rows {
			for _, e := range row {
				if val(e.l) {
					evs = []int{i, int(e.j)}
					break rows
				}
			}
		}
	}
	var out []int
	for _, ev := range evs {
		if ii := ci.Events[ev].Instr; ii >= 0 {
			out = append(out, ii)
		}
	}
	return out
}
