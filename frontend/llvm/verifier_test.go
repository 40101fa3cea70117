package llvmfront

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/lsl"
)

// verifierPrelude declares the SV-COMP functions the cases call.
const verifierPrelude = `
extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned long __VERIFIER_nondet_ulong(void);
extern float __VERIFIER_nondet_float(void);
int x, y;
`

// TestVerifierAtomicSections: the statements between
// __VERIFIER_atomic_begin and _end become one atomic block, with what they
// contain (an if inside stays inside), and a call of a __VERIFIER_atomic_
// function is one.
func TestVerifierAtomicSections(t *testing.T) {
	needClang(t)
	src := verifierPrelude + `
void __VERIFIER_atomic_swap(void) { int t = x; x = y; y = t; }
void f(int c)
{
    x = 1;
    __VERIFIER_atomic_begin();
    int t = x;
    if (c)
        t = t + 1;
    x = t;
    __VERIFIER_atomic_end();
    y = 2;
    __VERIFIER_atomic_swap();
}
`
	prog, err := translateSource(t, filepath.Join(t.TempDir(), "sections.c"), src)
	if err != nil {
		t.Fatal(err)
	}
	f := prog.Proc("f")
	if f == nil {
		t.Fatal("no proc f")
	}
	var shape []string
	for _, s := range f.Body.Stmts {
		switch s := s.(type) {
		case *lsl.Store:
			shape = append(shape, "store")
		case *lsl.Atomic:
			var inner []string
			lsl.Walk(s.Body, func(x lsl.Stmt) bool {
				switch x := x.(type) {
				case *lsl.Load:
					inner = append(inner, "load")
				case *lsl.Store:
					inner = append(inner, "store")
				case *lsl.If:
					inner = append(inner, "if")
				case *lsl.Call:
					inner = append(inner, "call "+x.Proc)
				}
				return true
			})
			shape = append(shape, "atomic{"+strings.Join(inner, " ")+"}")
		}
	}
	got := strings.Join(shape, ", ")
	want := "store, atomic{load if store}, store, atomic{call __VERIFIER_atomic_swap}"
	if got != want {
		t.Errorf("f's statements: %s\nwant %s\n%s", got, want, lsl.Format(prog, lsl.PrintOptions{}))
	}
}

// TestVerifierInputErrors: atomic sections that are not single-entry and
// single-exit, and nondeterministic values of types LSL numbers do not
// hold, are input errors at the call.
func TestVerifierInputErrors(t *testing.T) {
	needClang(t)
	cases := []inputErrorCase{
		{"begin without end", verifierPrelude + `void f(void) { __VERIFIER_atomic_begin(); x = 1; }`,
			"v.c:8:16: __VERIFIER_atomic_begin without a __VERIFIER_atomic_end", diag.CodeInvalidConstruct},
		{"end without begin", verifierPrelude + `void f(void) { x = 1; __VERIFIER_atomic_end(); }`,
			"v.c:8:23: __VERIFIER_atomic_end without a __VERIFIER_atomic_begin", diag.CodeInvalidConstruct},
		{"end in a branch", verifierPrelude + `void f(int c) { __VERIFIER_atomic_begin(); if (c) { x = 1; __VERIFIER_atomic_end(); } }`,
			"without a __VERIFIER_atomic_end after it in the same block", diag.CodeInvalidConstruct},
		{"nested", verifierPrelude + `void f(void) { __VERIFIER_atomic_begin(); __VERIFIER_atomic_begin(); __VERIFIER_atomic_end(); __VERIFIER_atomic_end(); }`,
			"nested __VERIFIER_atomic_begin", diag.CodeInvalidConstruct},
		{"return inside", verifierPrelude + `int f(int c) { __VERIFIER_atomic_begin(); if (c) return 1; x = 1; __VERIFIER_atomic_end(); return 0; }`,
			"without a __VERIFIER_atomic_end after it in the same block", diag.CodeInvalidConstruct},
		{"unsigned long", verifierPrelude + `void f(void) { x = __VERIFIER_nondet_ulong(); }`,
			"unsupported: __VERIFIER_nondet_ulong", diag.CodeUnsupported},
		{"float", verifierPrelude + `void f(void) { x = __VERIFIER_nondet_float(); }`,
			"unsupported: __VERIFIER_nondet_float", diag.CodeUnsupported},
	}
	checkInputErrors(t, "v.c", cases)
}

// TestVerifierSectionLeaves: a section whose statements break out of it is
// an error. clang's structured bodies put what follows a break in an else
// branch, which the pairing rejects first, so the section is built here.
func TestVerifierSectionLeaves(t *testing.T) {
	at := func(line int) diag.Pos { return diag.Pos{File: "v.c", Line: line, Col: 1} }
	section := func(inside lsl.Stmt) *lsl.Block {
		return &lsl.Block{Label: "outer", Stmts: []lsl.Stmt{
			&lsl.Call{Proc: atomicBeginMarker, Pos: at(1)},
			&lsl.If{Cond: lsl.Reg("%c"), Then: &lsl.Block{Stmts: []lsl.Stmt{inside}}},
			&lsl.Call{Proc: atomicEndMarker, Pos: at(3)},
		}}
	}
	for _, tc := range []struct {
		name   string
		inside lsl.Stmt
		want   string
	}{
		{"break out", &lsl.Break{Label: "outer"}, "v.c:1:1: a return, break or continue leaves the atomic section"},
		{"continue out", &lsl.Continue{Label: "outer"}, "v.c:1:1: a return, break or continue leaves the atomic section"},
		{"break inside", &lsl.Block{Label: "in", Stmts: []lsl.Stmt{&lsl.Break{Label: "in"}}}, ""},
	} {
		tr := &translator{}
		f := &fn{t: tr}
		body := section(tc.inside)
		func() {
			defer func() {
				if r := recover(); r != nil {
					if _, ok := r.(bailout); !ok {
						panic(r)
					}
				}
			}()
			f.atomicSections(body)
		}()
		got := ""
		if len(tr.errs) > 0 {
			got = tr.errs[0].Error()
		}
		if tc.want == "" && got != "" || !strings.Contains(got, tc.want) {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
		if tc.want == "" {
			if _, ok := body.Stmts[0].(*lsl.Atomic); !ok || len(body.Stmts) != 1 {
				t.Errorf("%s: the section is not one atomic block: %s", tc.name, lsl.FormatStmt(body, nil))
			}
		}
	}
}
