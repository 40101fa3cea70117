package refcheck

import "github.com/checkfence/checkfence/lsl"

// Faint registers, stated here independently of the engine (lsl/faint.go,
// which deletes their assignments when it unrolls; docs/semantics.md,
// "Faint registers"). The reference runs the program as written and
// leaves faint registers out of the live sets of fair progress instead.
//
// Two least fixpoints: a register is unsafe when one of its values may be
// something other than a number (written by a load, an allocation, a
// choice, a call or store-conditional, by an operation that can fail or
// give a non-number, from a non-number constant or an unsafe register, or
// read before it is written); it is relevant when something other than an
// assignment reads it, when an assignment that may fail (an unsafe
// destination) reads it, or when an assignment to a relevant register
// reads it. Faint are the registers neither unsafe nor relevant.

// safeOps give numbers on numbers, without runtime errors.
var safeOps = map[lsl.Op]bool{
	lsl.OpCopy: true, lsl.OpBitNot: true, lsl.OpNeg: true,
	lsl.OpAdd: true, lsl.OpSub: true, lsl.OpMul: true,
	lsl.OpAnd: true, lsl.OpOr: true, lsl.OpXor: true,
	lsl.OpEq: true, lsl.OpNe: true, lsl.OpLt: true, lsl.OpLe: true,
}

// faintRegs returns the faint registers of an unrolled thread body.
func faintRegs(body *lsl.Block) regSet {
	var assigns []*lsl.Assign
	unsafe, relevant, all := regSet{}, regSet{}, regSet{}
	lsl.Walk(body, func(s lsl.Stmt) bool {
		switch s := s.(type) {
		case *lsl.Assign:
			assigns = append(assigns, s)
			all[s.Dst] = true
			if !safeOps[s.Op] {
				unsafe[s.Dst] = true
			}
			for _, o := range s.Args {
				if c, ok := o.(lsl.Const); ok && c.V.Kind != lsl.KNum {
					unsafe[s.Dst] = true
				}
			}
			return true
		case *lsl.Load:
			unsafe[s.Dst] = true
		case *lsl.Choose:
			unsafe[s.Dst] = true
		case *lsl.Alloc:
			unsafe[s.Dst] = true
		case *lsl.Call:
			for _, r := range s.Results {
				unsafe[r] = true
			}
		case *lsl.Store:
			if s.Status != "" {
				unsafe[s.Status] = true
			}
		}
		for r := range reads(s) {
			relevant[r] = true
		}
		return true
	})
	for r := range lsl.MaybeUnassigned(body) {
		unsafe[r] = true
	}
	for changed := true; changed; {
		changed = false
		for _, a := range assigns {
			for _, o := range a.Args {
				if r, ok := o.(lsl.Reg); ok && unsafe[r] && !unsafe[a.Dst] {
					unsafe[a.Dst] = true
					changed = true
				}
			}
			if unsafe[a.Dst] || relevant[a.Dst] {
				for _, o := range a.Args {
					if r, ok := o.(lsl.Reg); ok && !relevant[r] {
						relevant[r] = true
						changed = true
					}
				}
			}
		}
	}
	out := regSet{}
	for r := range all {
		if !unsafe[r] && !relevant[r] {
			out[r] = true
		}
	}
	return out
}
