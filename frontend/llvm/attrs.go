package llvmfront

import (
	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/lsl"
	"github.com/llir/llvm/ir"
)

// Attributes of threads, mutexes and condition variables are ignored
// (include/llvm/pthread.h), so their init and destroy calls do nothing.
// The settings that would change what a check means are refused: a
// detached thread cannot be joined, and in a main that joins threads every
// started thread must be (setDetachStateCall, pthread_detached.go); a
// recursive mutex may be locked again by its holder, which the spinlock
// would take for a deadlock.

// PTHREAD_CREATE_DETACHED and PTHREAD_MUTEX_RECURSIVE in
// include/llvm/pthread.h.
const (
	pthreadCreateDetached = 1
	pthreadMutexRecursive = 1
)

// attrSetCall is a setter whose argument k must not be bad (the value of
// the attribute that is not modelled), with why as the error.
func attrSetCall(k int, bad int64, why string) apiHandler {
	return func(f *fn, c *ir.InstCall) {
		f.args(c, k+1)
		v := f.val(c.Args[k])
		if n, ok := v.(lsl.Const); !ok || n.V.Kind != lsl.KNum {
			f.fail(diag.CodeNotConstant, "%s needs a constant argument", calleeName(c))
		} else if n.V.Num == bad {
			f.fail(diag.CodeUnsupported, "%s", why)
		}
		f.zeroResult(c)
	}
}
