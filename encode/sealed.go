package encode

import (
	"slices"

	"github.com/checkfence/checkfence/internal/gini/z"
	"github.com/checkfence/checkfence/lsl"
)

// Storing rounds into sealed blocks (lsl/sealed.go; docs/semantics.md,
// "Storing rounds into sealed blocks").

// sealedSuperseded holds when each executed store of rec goes to a block
// sealed for rec's thread and is followed in the thread by an executed
// store to the same address: no load after the cut can read it then, on
// any model coherent per location.
func (e *Encoding) sealedSuperseded(rec *cycleRec) z.Lit {
	c := e.C
	if e.noSealed || !(e.storeCoherent || e.catSuperseded) || len(rec.stores) == 0 {
		return c.F
	}
	if e.sealedMemo == nil {
		e.sealedMemo = lsl.SealedBlocks(e.U)
	}
	var mine []int64
	for b, t := range e.sealedMemo {
		if t == rec.thread {
			mine = append(mine, b)
		}
	}
	if len(mine) == 0 {
		return c.F
	}
	slices.Sort(mine)
	parts := []z.Lit{}
	for _, st := range rec.stores {
		s := e.Instrs[st]
		var in []z.Lit
		for _, b := range mine {
			in = append(in, e.addrInBlock(s.Addr, b))
		}
		parts = append(parts, c.Implies(s.Guard, c.And(c.Ors(in...), e.overwrittenAfter(rec, s, false))))
	}
	return c.Ands(parts...)
}
