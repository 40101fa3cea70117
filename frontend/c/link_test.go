package cfront

import (
	"slices"
	"testing"

	"github.com/checkfence/checkfence/diag"
	"github.com/checkfence/checkfence/lsl"
)

func src(name, text string) Source { return Source{Name: name, Text: []byte(text)} }

func runInt(t *testing.T, p *lsl.Program, proc string) int64 {
	t.Helper()
	res, err := lsl.Run(p, proc, nil, lsl.InterpOptions{})
	if err != nil {
		t.Fatalf("%s: %v", proc, err)
	}
	if res.Results[0].Kind != lsl.KNum {
		t.Fatalf("%s returned %v", proc, res.Results[0])
	}
	return res.Results[0].Num
}

// TestLinking: several translation units form one program, linked by name.
func TestLinking(t *testing.T) {
	defs := src("defs.h", `
struct node { struct node *next; int val; };
typedef struct { int *p; int n; } w_t;
w_t lsl_make_w(int *p, int n);
int lsl_get_w_n(w_t w);
extern int X;
int get(void);
`)
	a := src("a.c", `#include "defs.h"
int X = 3;
int Y;
struct node first = { 0, 7 };
static int helper(void) { return 1; }
static int s = 10;
int get(void) { return helper() + s + first.val; }    /* 18 */
int fa(void) { return lsl_get_w_n(lsl_make_w(0, 4)); }
`)
	b := src("b.c", `#include "defs.h"
int Y;
extern struct node first;
static int helper(void) { return 2; }
static int s = 20;
int test(void) {
    Y = 5;
    first.next = &first;
    return get() * 1000 + X * 100 + helper() + s + Y + (first.next == &first);
}
`)
	p := mustTranslate(t, defs, a, b)
	var globals, procs []string
	for _, g := range p.Globals {
		globals = append(globals, g.Name)
	}
	for _, q := range p.Procs {
		procs = append(procs, q.Name)
	}
	if got, want := join(globals), "X Y first s s_2"; got != want {
		t.Errorf("globals %s, want %s", got, want)
	}
	if got, want := join(procs), "helper get fa helper_2 test"; got != want {
		t.Errorf("procedures %s, want %s", got, want)
	}
	if got := runInt(t, p, "test"); got != 18*1000+300+2+20+5+1 {
		t.Errorf("test() = %d", got)
	}
	if got := runInt(t, p, "fa"); got != 4 {
		t.Errorf("fa() = %d", got)
	}
	if len(p.Structs) != 1 || len(p.Composites) != 1 {
		t.Errorf("structs %d, composites %d, want 1 each", len(p.Structs), len(p.Composites))
	}
}

func join(s []string) string {
	out := ""
	for i, x := range s {
		if i > 0 {
			out += " "
		}
		out += x
	}
	return out
}

func TestLinkErrors(t *testing.T) {
	tests := []struct {
		name  string
		srcs  []Source
		want  string // the text: positions in both files are the point here
		codes []diag.ErrorCode
	}{
		{"two initializers", []Source{src("a.c", "int X = 1;\n"), src("b.c", "int X = 2;\n")},
			"b.c:1:5: global X is initialized more than once (also at a.c:1:5)", []diag.ErrorCode{diag.CodeDuplicateDecl}},
		{"two definitions", []Source{src("a.c", "void f(void) {}\n"), src("b.c", "void f(void) {}\n")},
			"b.c:1:6: function f is defined more than once (also at a.c:1:6)", []diag.ErrorCode{diag.CodeDuplicateDecl}},
		{"struct mismatch", []Source{
			src("a.c", "struct s { int a, b; } x;\n"),
			src("b.c", "struct s { int b, a; } y;\n")},
			"b.c:1:24: struct s is defined differently at a.c:1:8", []diag.ErrorCode{diag.CodeDuplicateDecl}},
		{"composite mismatch", []Source{
			src("a.c", "typedef long w_t;\nw_t lsl_make_w(int a, int b);\n"),
			src("b.c", "typedef long w_t;\nw_t lsl_make_w(int b, int a);\n")},
			"b.c:2:5: lsl_make_w declares fields (b, a), but a.c:2:5 declared (a, b)", []diag.ErrorCode{diag.CodeDuplicateDecl}},
		{"undefined function", []Source{src("a.c", "int g(void);\nint f(void) { return g(); }\n")},
			"a.c:2:22: function g is declared but never defined", []diag.ErrorCode{diag.CodeUndefined}},
		{"parse errors of two files", []Source{src("a.c", "int f( {\n"), src("b.c", "int g) {\n")},
			"a.c:1:8: unexpected '{', expected declarator or abstract declarator\nb.c:1:6: unexpected ')', expected external declaration", []diag.ErrorCode{diag.CodeCompiler, diag.CodeCompiler}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := TranslateSources(tc.srcs)
			if err == nil {
				t.Fatalf("no error, want %s", tc.want)
			}
			if got := diag.Codes(err); !slices.Equal(got, tc.codes) {
				t.Errorf("codes %v, want %v", got, tc.codes)
			}
			if err.Error() != tc.want {
				t.Errorf("got  %s\nwant %s", err, tc.want)
			}
		})
	}
}

func TestTranslateFiles(t *testing.T) {
	p, err := Translate([]string{"testdata/golden/treiber.c"})
	if err != nil {
		t.Fatal(err)
	}
	if p.Proc("push") == nil || p.Proc("pop") == nil {
		t.Errorf("procedures missing: %v", p.Procs)
	}
	_, err = Translate([]string{"testdata/no-such-file.c"})
	if err == nil || !diag.IsInputError(err) {
		t.Errorf("missing file: got %v", err)
	}
}
