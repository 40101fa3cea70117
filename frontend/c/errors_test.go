package cfront

import (
	"testing"

	"github.com/checkfence/checkfence/diag"
)

// TestErrors checks that unsupported constructs and API misuse are
// reported at their C position with a message naming the problem.
func TestErrors(t *testing.T) {
	const api = "#include <checkfence.h>\n" // shifts lines by one
	tests := []struct {
		src  string
		want string         // the text: position and words are the point here
		code diag.ErrorCode // what kind of error
	}{
		{"double d;\n", "test.c:1:8: unsupported: floating point (d)", diag.CodeUnsupported},
		{"void f(void) { float x = 1; }\n", "test.c:1:22: unsupported: floating point (x)", diag.CodeUnsupported},
		{"int f(int x) { return x * 1.5; }\n", "test.c:1:23: unsupported: floating point", diag.CodeUnsupported},
		{"union u { int a; } v;\n", "test.c:1:20: unsupported: unions (v)", diag.CodeUnsupported},
		{"struct s { union { int a; } u; } x;\n", "test.c:1:34: unsupported: unions (field s.u)", diag.CodeUnsupported},
		{"void f(void) { int (*fp)(int); }\n", "test.c:1:20: unsupported: function pointers (fp)", diag.CodeUnsupported},
		{"int g(int); void f(void) { void *p = (void *)g; }\n", "test.c:1:46: unsupported: function pointers (g is used as a value)", diag.CodeUnsupported},
		{"int g(int); void f(void) { int (*p)(int) = &g; }\n", "test.c:1:32: unsupported: function pointers (p)", diag.CodeUnsupported},
		{"int f(int a, ...) { return a; }\n", "test.c:1:5: unsupported: variadic functions (f)", diag.CodeUnsupported},
		{"int p(const char *, ...); void f(void) { p(0, 1); }\n", "test.c:1:42: unsupported: variadic functions (p)", diag.CodeUnsupported},
		{"struct s { int a; };\nvoid f(struct s x) {}\n", "test.c:2:6: unsupported: passing structs by value (parameter x)", diag.CodeUnsupported},
		{"struct s { int a; };\nstruct s f(void) { struct s r; r.a = 1; return r; }\n", "test.c:2:10: unsupported: returning structs by value (f)", diag.CodeUnsupported},
		{"struct s { int a; } x, y;\nvoid f(void) { x = y; }\n", "test.c:2:16: unsupported: block copies of structs", diag.CodeUnsupported},
		{"struct s { int a; } x;\nvoid f(void) { struct s y = x; }\n", "test.c:2:29: unsupported: block copies of structs", diag.CodeUnsupported},
		{"void f(void) { char *s = \"abc\"; }\n", "test.c:1:26: unsupported: string literals (only as arguments of lsl_fence and lsl_observe_*)", diag.CodeUnsupported},
		{"char *s = \"abc\";\n", "test.c:1:11: unsupported: string literals (only as arguments of lsl_fence and lsl_observe_*)", diag.CodeUnsupported},
		{"void f(void) { __asm__(\"nop\"); }\n", "test.c:1:16: unsupported: inline assembly", diag.CodeUnsupported},
		{"int setjmp(void *);\nvoid f(void) { setjmp(0); }\n", "test.c:2:16: unsupported: setjmp/longjmp", diag.CodeUnsupported},
		{"#include <setjmp.h>\njmp_buf b;\nvoid f(void) { setjmp(b); }\n", "test.c:3:16: unsupported: setjmp/longjmp", diag.CodeUnsupported},
		{"#include <nosuchheader.h>\n", "test.c:1:10: include file not found: <nosuchheader.h>", diag.CodeNoFile},
		{"struct s { int a:3; } x;\n", "test.c:1:23: unsupported: bit-field a (struct s) (use a packed word)", diag.CodeUnsupported},
		{"void f(int n) { int a[n]; }\n", "test.c:1:21: unsupported: variable length arrays (a)", diag.CodeUnsupported},
		{"void f(void) { int x = ({ 1; }); }\n", "test.c:1:24: unsupported: statement expressions", diag.CodeUnsupported},
		{"int f(a) int a; { return a; }\n", "test.c:1:5: unsupported: old-style (K&R) function definitions", diag.CodeUnsupported},
		{"void f(void) { void *p = &&L; L: ; }\n", "test.c:1:26: unsupported: label addresses (&&label)", diag.CodeUnsupported},
		{"struct p { int x; };\nvoid f(void) { struct p *q = &(struct p){1}; }\n", "test.c:2:31: unsupported: compound literals", diag.CodeUnsupported},
		{"struct s { struct { int a; }; } x;\n", "test.c:1:33: unsupported: anonymous members (struct s)", diag.CodeUnsupported},
		{"void f(void) { int x; int *q = &x + 1; }\n", "test.c:1:32: pointer arithmetic on &x, which points to a single object, not into an array", diag.CodeInvalidConstruct},
		{"#include <stdlib.h>\nvoid f(void) { int *p = (int *)malloc(sizeof(int)) + 1; }\n", "test.c:2:25: pointer arithmetic on the result of malloc, which points to a single object, not into an array", diag.CodeInvalidConstruct},
		{"void f(void) { _Thread_local static int x; }\n", "test.c:1:41: unsupported: thread-local storage in a function (x): declare it at file scope", diag.CodeUnsupported},
		{"void f(void) { void g(void) {} }\n", "test.c:1:21: unsupported: nested functions", diag.CodeUnsupported},
		{"int a$b;\n", "test.c:1:5: identifier a$b: names may only contain letters, digits and _", diag.CodeInvalidName},
		{"struct s { struct s x; };\n", "test.c:1:21: struct s contains itself", diag.CodeType},

		// goto and switch
		{"void f(int n) { L: n++; if (n) goto L; }\n", "test.c:1:32: unsupported: backward jumps (goto L) (only forward jumps to a label in the same or an enclosing block)", diag.CodeUnsupported},
		{"void f(int n) { if (n) goto L; { L: n++; } }\n", "test.c:1:24: unsupported: jumping into a block (goto L) (only forward jumps to a label in the same or an enclosing block)", diag.CodeUnsupported},
		{"void f(int n) { goto L; if (n) L: n++; }\n", "test.c:1:17: goto L: the label must label a statement directly in a block", diag.CodeInvalidConstruct},
		{"void f(int n) { switch (n) { case 1: { case 2: n++; } } }\n", "test.c:1:40: a case label must label a statement directly in the body of its switch", diag.CodeInvalidConstruct},
		{"void f(int n) { switch (n) { case 1 ... 3: break; } }\n", "test.c:1:30: unsupported: case ranges", diag.CodeUnsupported},
		{"void f(int *p) { goto *p; }\n", "test.c:1:18: unsupported: computed goto", diag.CodeUnsupported},

		// linking
		{"int g(void);\nvoid f(void) { g(); }\n", "test.c:2:16: function g is declared but never defined", diag.CodeUndefined},
		{"extern int X;\nvoid f(void) { X = 1; }\n", "test.c:2:16: X is declared but never defined", diag.CodeUndefined},
		{"void f(void) {}\nvoid f(void) {}\n", "test.c:2:6: function f is defined more than once (also at test.c:1:6)", diag.CodeDuplicateDecl},

		// the API
		{api + "void f(void) { lsl_fence(\"bogus\"); }\n", "test.c:2:26: unknown fence \"bogus\" (valid fences: load-load, load-store, store-load, store-store, aliased-loads, data-dependent-loads, control-dependent, full)", diag.CodeUnknownKind},
		{api + "void f(char *s) { lsl_fence(s); }\n", "test.c:2:29: lsl_fence needs a string literal naming the fence (one of load-load, load-store, store-load, store-store, aliased-loads, data-dependent-loads, control-dependent, full)", diag.CodeType},
		{api + "void f(int n) { int k = lsl_nondet(0, n); }\n", "test.c:2:25: lsl_nondet needs constant bounds", diag.CodeNotConstant},
		{api + "void f(void) { int k = lsl_nondet(3, 1); }\n", "test.c:2:24: lsl_nondet(3, 1): the lower bound exceeds the upper bound", diag.CodeBadLiteral},
		{api + "void f(char *s) { lsl_observe_label(s); }\n", "test.c:2:37: lsl_observe_label needs a string literal as its name", diag.CodeType},
		{api + "void f(char *s, int v) { lsl_observe_output(s, v); }\n", "test.c:2:45: lsl_observe_output needs a string literal as its name", diag.CodeType},
		{api + "int lsl_choose() { return 0; }\n", "test.c:2:5: lsl_choose is a checkfence API function and cannot be defined", diag.CodeInvalidName},
		{api + "int x = lsl_choose();\n", "test.c:2:9: lsl_choose cannot be called in a static initializer", diag.CodeInvalidConstruct},
		{"int lsl_get_foo_bar(int x);\nint f(int x) { return lsl_get_foo_bar(x); }\n", "test.c:2:23: lsl_get_foo_bar: no packed word has this field (declare lsl_make_T with a parameter for each field)", diag.CodeUndeclared},
		{"typedef struct { int a, b; } w_t;\nw_t lsl_make_w(int a, int);\n", "test.c:2:5: lsl_make_w: parameter 2 must be named (parameters name the fields of w)", diag.CodeInvalidConstruct},
		{"typedef struct { int *p; int n; } w_t;\nw_t lsl_make_w(int *p, int n);\nw_t g;\nint f(void) { return g.n; }\n", "test.c:4:22: the fields of packed word g cannot be accessed directly; use its lsl_get_/lsl_set_ functions", diag.CodeInvalidConstruct},
		{api + "void f(int *p) { lsl_cas_32(p, 1); }\n", "test.c:2:18: lsl_cas_32 takes 3 arguments, but is called with 2", diag.CodeArgCount},

		// parse errors come from the C parser, with positions
		{"int f(int a) { return a +; }\n", "test.c:1:26: unexpected ';', expected unary expression", diag.CodeCompiler},

		// cc's messages in the user's words (issue 50)
		{"int x;\nvoid f(void) { x = 1e; }\n", "test.c:2:20: exponent has no digits in 1e", diag.CodeBadLiteral},
		{"int x;\nvoid f(void) { x = 089; }\n", "test.c:2:20: invalid digit \"8\" in octal constant 089", diag.CodeBadLiteral},
		{"int x;\nvoid f(void) { x = 1u8; }\n", "test.c:2:20: invalid suffix \"u8\" on integer constant 1u8", diag.CodeBadLiteral},
		{"#define P(x, y) x ## y\nint x;\nvoid f(void) { x = P(1, e); }\n", "test.c:3:20: exponent has no digits in 1e", diag.CodeBadLiteral},
		{"#define P(x, y) x ## y\nint x;\nvoid f(void) { x = P(0x, g); }\n", "test.c:3:20: invalid suffix \"xg\" on integer constant 0xg", diag.CodeBadLiteral},
		{"typedef int T;\ntypedef long T;\n", "test.c:2:14: conflicting types for 'T': long here, but int in the previous declaration at test.c:1:13", diag.CodeCompiler},
		{"int X;\nlong X;\n", "test.c:2:6: conflicting types for 'X': long here, but int in the previous declaration at test.c:1:5", diag.CodeCompiler},
		{"int v;\nint f(void) { return (&v)[1]; }\n", "test.c:2:22: index `(&v)[1]` on &v, which points to a single object, not into an array", diag.CodeInvalidConstruct},
		{"int x;\nvoid f(void) { switch (x) { case 1: x = 2; break; case 1: x = 3; } }\n", "test.c:2:51: duplicate case value 1 (also at test.c:2:29)", diag.CodeDuplicateDecl},
		{"int x;\nvoid f(void) { switch (x) { default: break; default: x = 3; } }\n", "test.c:2:45: a second default label in one switch (the first is at test.c:2:29)", diag.CodeDuplicateDecl},
		{"#define M(a, b) ((a) + (b))\nint x;\nvoid f(void) { x = M(1); }\n", "test.c:3:20: macro M takes 2 arguments, but only 1 is given", diag.CodeArgCount},
		{"#define M(a, b) a\nint x;\nvoid f(void) { x = M(1); }\n", "test.c:3:20: macro M takes 2 arguments, but only 1 is given", diag.CodeArgCount},
		{"#define M(a) a\nint x;\nvoid f(void) { x = M(1, 2); }\n", "test.c:3:20: macro M takes 1 argument, but 2 are given", diag.CodeArgCount},
		{"#if (1\n#endif\n", "test.c:1:5: unbalanced parentheses in the #if expression: a ')' is missing", diag.CodeSyntax},
		{"int a[4][4] = { [0 ... 1][0 ... 1] = 1 };\n", "test.c:1:17: a range designator ([a ... b]) is only supported for an array of scalars", diag.CodeUnsupported},
	}
	for _, tc := range tests {
		_, err := translateC(tc.src)
		if err == nil {
			t.Errorf("%q: no error, want %s", tc.src, tc.want)
			continue
		}
		if got := diag.Codes(err); len(got) != 1 || got[0] != tc.code {
			t.Errorf("%q: codes %v, want [%v]", tc.src, got, tc.code)
		}
		if got := err.Error(); got != tc.want {
			t.Errorf("%q:\n got %s\nwant %s", tc.src, got, tc.want)
		}
	}
}
