package cfront

import (
	"strconv"

	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/lsl"
	"modernc.org/cc/v4"
)

// asmBarrier translates an asm statement that is one barrier instruction,
// as `fences --insert --diff` writes it for a hardware model:
// `__asm__ volatile("dmb ish" ::: "memory");`, "fence rw,rw", "lwsync",
// "mfence" (lsl.BarrierByAsm lists them). The barrier becomes its fence
// statements: its tag for cat models (DMB.ISH) and the .mm fence kinds it
// amounts to. Other inline assembly is an error.
func (f *fn) asmBarrier(s *cc.AsmStatement) bool {
	if s == nil || s.Asm == nil {
		return false
	}
	text, err := strconv.Unquote(s.Asm.Token3.SrcStr())
	if err != nil {
		return false
	}
	b := lsl.BarrierByAsm(text)
	if b == nil {
		return false
	}
	for _, fe := range b.Fences(diag.Pos{}, 0) {
		f.emit(fe)
	}
	return true
}
