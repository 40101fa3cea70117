package cfront

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/internal/limits"
)

// TestHostileInput: input that cc cannot handle well (it fails without a
// position, expands without bound, or reads forever) gets one error at the
// right position.
func TestHostileInput(t *testing.T) {
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	self := filepath.Join(dir, "self.h")
	if err := os.WriteFile(self, []byte("#include \"self.h\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, src, want string
	}{
		{"decrement of a constant", "int x;\nvoid f(void) {\nx = --1;\n}\n",
			"test.c:3:5: the operand of -- must be a variable, not the constant 1"},
		{"chain of decrements", "int x;\nvoid f(void) {\nx = " + strings.Repeat("-", 5000) + "1;\n}\n",
			"test.c:3:5: the operand of -- must be a variable, not the result of --"},
		{"post-increment of a call", "int g(void) { return 1; }\nvoid f(void) { g()++; }\n",
			"test.c:2:19: the operand of ++ must be a variable, not the result of a call"},
		{"assignment to a constant", "int x;\nvoid f(void) { 5 = x; }\n",
			"test.c:2:18: the left side of = must be a variable, not the constant 5"},
		{"huge literal", "int x;\nvoid f(void) { x = 99999999999999999999999; }\n",
			"test.c:2:20: integer constant 99999999999999999999999 is too large (constants have at most 64 bits)"},
		{"huge hex literal", "int x;\nvoid f(void) { x = 0xFFFFFFFFFFFFFFFFFFFF; }\n",
			"test.c:2:20: integer constant 0xFFFFFFFFFFFFFFFFFFFF is too large"},
		{"variable length array", "void f(void) {\nint n = 3;\nint a[n];\na[0] = 1;\n}\n",
			"test.c:3:5: unsupported: variable length arrays (a)"},
		{"_Atomic T *", "_Atomic int *p;\n",
			"test.c:1:13: unsupported: _Atomic on a pointer's target or an array's elements in the C front end: use the atomic types of <stdatomic.h>"},
		{"_Atomic() *", "void f(void) { _Atomic(int) *y; }\n",
			"test.c:1:29: unsupported: _Atomic on a pointer's target"},
		{"T *_Atomic", "int *_Atomic q;\n",
			"test.c:1:6: _Atomic pointers (T *_Atomic p) are not supported"},
		{"cast to _Atomic", "long f(long *p) { return (long)(_Atomic long *)p; }\n",
			"test.c:1:33: unsupported: _Atomic on a pointer's target"},
		{"store acquire", "#include <stdatomic.h>\natomic_int x;\nvoid f(void) { atomic_store_explicit(&x, 1, memory_order_acquire); }\n",
			"test.c:3:16: memory_order_acquire is not a memory order of atomic_store (C11 7.17.7)"},
		{"order not constant", "#include <stdatomic.h>\natomic_int x;\nvoid f(memory_order o) { atomic_load_explicit(&x, o); }\n",
			"the memory order of atomic_load must be a constant"},
		{"_Atomic array", "_Atomic int a[2];\n", "test.c:1:13: unsupported: _Atomic on a pointer's target or an array's elements"},
		{"include a directory", fmt.Sprintf("#include %q\n", filepath.Join(dir, "sub")),
			"test.c:1:10: cannot #include \"" + filepath.Join(dir, "sub") + "\": is a directory, not a file"},
		{"include a device", "#include \"/dev/zero\"\n",
			"test.c:1:10: cannot #include \"/dev/zero\": not a regular file (a device)"},
		{"include itself", "#include \"test.c\"\nint x;\n",
			"test.c:1:10: #include \"test.c\" includes itself without an include guard (test.c → test.c), endlessly"},
		{"header includes itself", fmt.Sprintf("#include %q\n", self),
			"self.h:1:10: #include \"self.h\" includes itself without an include guard"},
		{"pragma once", "#pragma once\n#include \"test.c\"\n",
			"#pragma once is not supported: use #ifndef/#define/#endif"},
		{"macro bomb", macroChain(30) + "int x;\nvoid f(void) { x = A30; }\n",
			"test.c:33:20: macro A30 expands to more than 2^30 tokens (at most 65536 are allowed)"},
		{"macro bomb through another macro", macroChain(20) + "#define B A20\nint x;\nvoid f(void) { x = B; }\n",
			"test.c:24:20: macro B expands to 2097151 tokens"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := translateC(tc.src)
			if err == nil {
				t.Fatalf("no error, want %s", tc.want)
			}
			got := err.Error()
			if !strings.Contains(got, tc.want) {
				t.Errorf("got\n%s\nwant it to contain\n%s", got, tc.want)
			}
			if strings.Contains(got, "\n") {
				t.Errorf("more than one error:\n%s", got)
			}
			if !diag.IsInputError(err) {
				t.Errorf("%v is not an input error", err)
			}
		})
	}
}

// TestGuardedSelfInclude: an include guard makes including oneself fine.
func TestGuardedSelfInclude(t *testing.T) {
	mustTranslate(t, Source{Name: "test.c", Text: []byte("#ifndef T\n#define T\n#include \"test.c\"\nint x;\nvoid f(void) { x = 1; }\n#endif\n")})
}

// TestLargeMacroBelowLimit: a macro that expands to many tokens, but not
// too many, is fine.
func TestLargeMacroBelowLimit(t *testing.T) {
	mustTranslate(t, Source{Name: "test.c", Text: []byte(macroChain(8) + "int x;\nvoid f(void) { x = A8; }\n")})
}

// macroChain defines A0 = 1 and Ak = A(k-1) + A(k-1): Ak has 2^(k+1)-1
// tokens.
func macroChain(n int) string {
	var b strings.Builder
	b.WriteString("#define A0 1\n")
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "#define A%d A%d + A%d\n", i, i-1, i-1)
	}
	return b.String()
}

// TestCanceled: a done context stops the translation with a
// *limits.CanceledError naming the front end.
func TestCanceled(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Nanosecond)
	defer cancel()
	<-ctx.Done()
	_, err := TranslateSourcesWith([]Source{{Name: "test.c", Text: []byte("int x;\nvoid f(void) { x = 1; }\n")}}, Options{Ctx: ctx})
	var ce *limits.CanceledError
	if !errors.As(err, &ce) || !errors.Is(err, context.DeadlineExceeded) || !strings.Contains(ce.Phase, "C front end") {
		t.Errorf("got %v, want a cancellation of the C front end", err)
	}
}

// TestAbsoluteInclude: #include of an absolute path works from a file
// named by a relative or an absolute path (cc joins the two).
func TestAbsoluteInclude(t *testing.T) {
	dir := t.TempDir()
	h := filepath.Join(dir, "h.h")
	main := filepath.Join(dir, "a.c")
	if err := os.WriteFile(h, []byte("int X;\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	src := fmt.Sprintf("#include %q\nvoid f(void) { X = 1; }\n", h)
	for _, name := range []string{"a.c", main} {
		if _, err := TranslateSources([]Source{{Name: name, Text: []byte(src)}}); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}
