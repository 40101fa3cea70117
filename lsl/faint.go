package lsl

import "github.com/checkfence/checkfence/internal/limits"

// Faint registers (docs/semantics.md, "Faint registers"). A retry counter
// nobody reads — `while (!try_lock()) tries++;`, which clang -O0 and the
// C front end keep — changes at every round, so no round of the loop is a
// cycle of fair progress and the lazy unrolling never converges. Its value
// reaches nothing the thread does: no load, store, branch, assertion,
// observation or address. Such registers are faint (the classic strong
// liveness of compilers), and the unroller drops their assignments.
//
// A register of an unrolled thread is faint when it is neither unsafe nor
// relevant, where
//   - unsafe registers may hold something other than a number: a load,
//     choice, allocation, call or store-conditional writes them, or an
//     assignment whose operation can fail or give a non-number (faintOps
//     lists the others), or one with a non-number constant or an unsafe
//     operand; and the registers some path reads before writing
//     (maybeUnassigned);
//   - relevant registers are read by a statement other than an assignment,
//     by an assignment to an unsafe register (which may fail), or by an
//     assignment to a relevant register.
// Both are least fixpoints. Every register that is not unsafe holds a
// number whenever it is read (induction over the execution), so no
// assignment to a faint register fails; and only assignments to faint
// registers read faint registers. Deleting every assignment to a faint
// register therefore changes no memory access, branch, observation or
// failure: the executions of the thread with and without them are the
// same up to the values of the faint registers.

// faintOps are the operations that give a number, without a runtime
// error, on any numbers. Division, remainder and shifts can fail on
// numbers; selections, pointers and composites are left alone.
var faintOps = map[Op]bool{
	OpCopy: true, OpBitNot: true, OpNeg: true, OpAdd: true, OpSub: true,
	OpMul: true, OpAnd: true, OpOr: true, OpXor: true, OpEq: true,
	OpNe: true, OpLt: true, OpLe: true,
}

// FaintRegisters returns the faint registers of an unrolled thread body.
func FaintRegisters(body *Block) map[Reg]bool {
	faint, _ := faintRegisters(body, &limits.Poller{})
	return faint
}

// faintRegisters is FaintRegisters stopped by poll.
func faintRegisters(body *Block, poll *limits.Poller) (map[Reg]bool, error) {
	assigned := map[Reg]bool{}
	unsafe := map[Reg]bool{}
	relevant := map[Reg]bool{}
	defs := map[Reg][]*Assign{}  // the assignments that write a register
	users := map[Reg][]*Assign{} // the assignments that read it
	Walk(body, func(s Stmt) bool {
		a, ok := s.(*Assign)
		if !ok {
			eachDef(s, func(r Reg) { unsafe[r] = true })
			for _, o := range Operands(s) {
				if r, ok := o.(Reg); ok {
					relevant[r] = true
				}
			}
			return true
		}
		assigned[a.Dst] = true
		defs[a.Dst] = append(defs[a.Dst], a)
		if !faintOps[a.Op] {
			unsafe[a.Dst] = true
		}
		for _, o := range a.Args {
			switch o := o.(type) {
			case Reg:
				users[o] = append(users[o], a)
			case Const:
				if o.V.Kind != KNum {
					unsafe[a.Dst] = true
				}
			}
		}
		return true
	})
	undef, err := maybeUnassignedPoll(body, poll)
	if err != nil {
		return nil, err
	}
	for r := range undef {
		unsafe[r] = true
	}
	// unsafe flows from operands to destinations
	spread(unsafe, func(r Reg, add func(Reg)) {
		for _, a := range users[r] {
			add(a.Dst)
		}
	})
	// relevance flows from destinations to operands; an assignment that
	// may fail makes its operands relevant
	for r := range unsafe {
		for _, a := range defs[r] {
			for _, o := range a.Args {
				if x, ok := o.(Reg); ok {
					relevant[x] = true
				}
			}
		}
	}
	spread(relevant, func(r Reg, add func(Reg)) {
		for _, a := range defs[r] {
			for _, o := range a.Args {
				if x, ok := o.(Reg); ok {
					add(x)
				}
			}
		}
	})
	faint := map[Reg]bool{}
	for r := range assigned {
		if !unsafe[r] && !relevant[r] {
			faint[r] = true
		}
	}
	return faint, nil
}

// spread closes set under next: every register next names for a member
// of set joins it (a least fixpoint, by worklist).
func spread(set map[Reg]bool, next func(r Reg, add func(Reg))) {
	work := make([]Reg, 0, len(set))
	for r := range set {
		work = append(work, r)
	}
	add := func(x Reg) {
		if !set[x] {
			set[x] = true
			work = append(work, x)
		}
	}
	for len(work) > 0 {
		r := work[len(work)-1]
		work = work[:len(work)-1]
		next(r, add)
	}
}

// dropFaint deletes the assignments to faint registers from an unrolled
// thread body and returns how many it deleted; the error is poll's.
func dropFaint(body *Block, poll *limits.Poller) (int, error) {
	faint, err := faintRegisters(body, poll)
	if err != nil || len(faint) == 0 {
		return 0, err
	}
	n := 0
	var walk func(b *Block)
	walk = func(b *Block) {
		if b == nil {
			return
		}
		out := b.Stmts[:0]
		for _, s := range b.Stmts {
			switch s := s.(type) {
			case *Assign:
				if faint[s.Dst] {
					n++
					continue
				}
			case *Block:
				walk(s)
			case *If:
				walk(s.Then)
				walk(s.Else)
			case *Atomic:
				walk(s.Body)
			case *Spin:
				walk(s.Body)
			}
			out = append(out, s)
		}
		b.Stmts = out
	}
	walk(body)
	return n, nil
}
