package encode

import "github.com/checkfence/checkfence/lsl"

// Locked atomic blocks. A cat model's C11 mapping may say what an atomic
// block without a C11 order compiles to when it both loads and stores (a
// CAS, an exchange, a lock's test-and-set of C or LSL code):
// cat.C11Mapping.Block, on tso-cat x86's locked instruction (tag A). The
// block's accesses carry those tags whatever the outcome, as the one
// instruction does: x86's lock cmpxchg is a barrier when its compare fails
// too (docs/models.md, "Atomic blocks on tso-cat").

// lockedBlock reports whether in is in an atomic block that has a load
// and a store (lsl.LoadsAndStores of the statement, recorded by symbolic
// execution: noteLocked), executed or not. The statement decides, not the
// instructions the encoding kept: a CAS whose store the range analysis
// shows never runs is still a locked instruction.
func (e *Encoding) lockedBlock(in *Instr) bool {
	return in.Atomic != 0 && e.lockedMemo[in.Atomic]
}

// noteLocked records lockedBlock's answer for the atomic block id, whose
// outermost statement is a.
func (e *Encoding) noteLocked(id int, a *lsl.Atomic) {
	if e.lockedMemo == nil {
		e.lockedMemo = map[int]bool{}
	}
	e.lockedMemo[id] = lsl.LoadsAndStores(a)
}
