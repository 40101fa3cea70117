package llvmfront

import "testing"

// TestSpannedAccessErrors: an integer access over several fields that it
// cannot split, or an atomic one, is an input error at the access.
func TestSpannedAccessErrors(t *testing.T) {
	needClang(t)
	checkInputErrors(t, "s.c", []inputErrorCase{
		{"atomic struct", `#include <stdatomic.h>
struct pair { int a, b; };
_Atomic struct pair x;
int f(void) { struct pair v = atomic_load(&x); return v.a; }`,
			"an atomic access of type i64 covers several fields of %struct.pair"},
		{"pointer in a packed struct", `struct __attribute__((packed)) p { int a; int *q; };
struct p g;
long f(void) { return *(long *)&g; }`,
			"covers fields of %struct.p that are not integers within it"},
	})
}
