package llvmfront

import (
	"testing"

	"github.com/checkfence/checkfence/diag"
)

// TestLayoutErrors: an integer access over several fields that it cannot
// split, or an atomic one, is an input error at the access; a bit-field
// is one at its declaration, as in the C front end.
func TestLayoutErrors(t *testing.T) {
	needClang(t)
	checkInputErrors(t, "s.c", []inputErrorCase{
		{"atomic struct", `#include <stdatomic.h>
struct pair { int a, b; };
_Atomic struct pair x;
int f(void) { struct pair v = atomic_load(&x); return v.a; }`,
			"an atomic access of type i64 covers several fields of %struct.pair", diag.CodeUnsupported},
		{"pointer in a packed struct", `struct __attribute__((packed)) p { int a; int *q; };
struct p g;
long f(void) { return *(long *)&g; }`,
			"covers fields of %struct.p that are not integers within it", diag.CodeUnsupported},
		{"bit-field", `struct flags { unsigned a : 3, b : 5; };
struct flags g;
void f(void) { g.b = 1; }`,
			"s.c:1:1: struct flags: bit-field a is not supported", diag.CodeUnsupported},
	})
}
