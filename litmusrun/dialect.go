package litmusrun

import (
	"github.com/checkfence/checkfence/frontend/litmus"
	"github.com/checkfence/checkfence/mining"
)

// checkDialect refuses a test whose primitives the model cannot read: a
// kernel primitive on a model that is neither a Linux-kernel model nor
// compiles C11 to its instructions (a C11 model would read READ_ONCE as
// a C11 relaxed atomic, smp_mb as a seq_cst fence: not the kernel's
// model), spinlocks, RCU and SRCU on any model but the Linux-kernel ones,
// and C11 atomics on a Linux-kernel model.
func checkDialect(t *litmus.Test, opt mining.Options) error {
	p := opt.Model.Props()
	lk := p.LinuxKernel
	switch {
	case lk && t.C11Atomic != "":
		return &litmus.Unsupported{Pos: t.Pos, Reason: litmus.ReasonDialects, Detail: t.C11Atomic + " is a C11 atomic, which the Linux-kernel memory model " + opt.Model.Name() + " does not define"}
	case t.Kernel == "" || lk:
		return nil
	case t.KernelOnly != "":
		return &litmus.Unsupported{Pos: t.Pos, Reason: litmus.ReasonKernelModel, Detail: t.KernelOnly + " needs the Linux-kernel memory model (--model lkmm or linux-kernel.cat)"}
	case p.C11Tags:
		return &litmus.Unsupported{Pos: t.Pos, Reason: litmus.ReasonKernelModel, Detail: t.Kernel + " is a Linux-kernel primitive, which " + opt.Model.Name() +
			" does not define (a C11 model would read it as a C11 atomic); use --model lkmm or linux-kernel.cat, a .mm model or a built-in hardware model"}
	}
	return nil
}
