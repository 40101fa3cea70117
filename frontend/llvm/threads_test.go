package llvmfront

import (
	"testing"

	"github.com/checkfence/checkfence/diag"
)

// TestC11ThreadsErrors: what include/llvm/threads.h cannot model is an
// input error at the call, in the C11 functions' terms.
func TestC11ThreadsErrors(t *testing.T) {
	needClang(t)
	prelude := "#include <threads.h>\nmtx_t m;\nint f(void *a) { return 0; }\n"
	checkInputErrors(t, "t.c", []inputErrorCase{
		{"recursive mutex", prelude + "int main(void) { mtx_init(&m, mtx_recursive); return 0; }",
			"t.c:4:18: unsupported: recursive and timed mutexes (mtx_init)", diag.CodeUnsupported},
		{"timed mutex", prelude + "int main(void) { mtx_init(&m, mtx_timed); return 0; }",
			"unsupported: recursive and timed mutexes (mtx_init)", diag.CodeUnsupported},
		{"thrd_current", prelude + "int g(void *a) { return thrd_current() != 0; }",
			"call to thrd_current, which is declared but not defined", diag.CodeUndefined},
	})
}
