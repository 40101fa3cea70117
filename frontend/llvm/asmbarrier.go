package llvmfront

import (
	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/lsl"
	"github.com/llir/llvm/ir"
)

// asmBarrier translates inline assembly that is one barrier instruction,
// as `fences --insert --diff` writes it for a hardware model:
// `__asm__ volatile("dmb ish" ::: "memory")`, "fence rw,rw", "lwsync",
// "mfence" (lsl.BarrierByAsm lists them). The barrier becomes its fence
// statements: its tag for cat models (DMB.ISH), the .mm fence kinds it
// amounts to for the .mm models. Like lsl_fence, a barrier means the
// program synchronises with plain accesses and barriers, not with C11
// atomics (lsl.Program.CheckFenceSync). Other inline assembly is refused.
func (f *fn) asmBarrier(a *ir.InlineAsm) bool {
	b := lsl.BarrierByAsm(a.Asm)
	if b == nil {
		return false
	}
	for _, fe := range b.Fences(diag.Pos{}, 0) {
		f.emit(fe)
	}
	f.t.prog.CheckFenceSync = true
	return true
}
