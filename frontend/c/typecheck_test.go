package cfront

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/checkfence/checkfence/lsl"
	cc "modernc.org/cc/v4"
)

// translateText is the printed translation of srcs, or its error.
func translateText(srcs []Source) string {
	p, err := TranslateSources(srcs)
	if err != nil {
		return "error: " + err.Error()
	}
	return lsl.Format(p, lsl.PrintOptions{})
}

// TestTypeCheckMatchesTranslate: type checking cc.Parse's tree with
// checkAST translates every C file at hand, and a set of programs cc's
// checker rejects, exactly as cc.Translate (parsing again) does.
func TestTypeCheckMatchesTranslate(t *testing.T) {
	var units [][]Source
	for _, pat := range []string{"testdata/*/*.c", "../../tests/datatypes/*/*.c"} {
		files, err := filepath.Glob(pat)
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range files {
			text, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			units = append(units, []Source{{Name: name, Text: text}})
		}
	}
	for _, dir := range []string{"ms2", "msn", "harris", "lazylist", "snark"} {
		var srcs []Source
		for _, name := range []string{dir + ".c", "harness.c"} {
			path := filepath.Join("../../tests/datatypes", dir, name)
			text, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			srcs = append(srcs, Source{Name: path, Text: text})
		}
		units = append(units, srcs)
	}
	for _, src := range []string{
		"void f(void) { undeclared = 1; }\n",
		"int x; void f(void) { x.a = 1; }\n",
		"struct s; struct s x;\n",
		"void f(void) { int *p; p = 1 + \"a\"; }\n",
		"typedef int T; T T;\n",
		"int f(void) { return g(); }\n",
		"struct s { int a; } x; int f(void) { return x; }\n",
		"void f(void) { int a[2]; a = 0; }\n",
		"int f(int a, int a) { return a; }\n",
		"enum e { A, A };\n",
	} {
		units = append(units, []Source{cSource(src)})
	}
	reference := func(_ *cc.AST, cfg *cc.Config, sources func() []cc.Source) (*cc.AST, error) {
		return cc.Translate(cfg, sources())
	}
	errors := 0
	for _, srcs := range units {
		got := translateText(srcs)
		saved := typeCheck
		typeCheck = reference
		want := translateText(srcs)
		typeCheck = saved
		if got != want {
			t.Errorf("%s: checkAST on the parse tree gives\n%s\ncc.Translate gives\n%s", srcs[0].Name, got, want)
		}
		if len(got) > 6 && got[:6] == "error:" {
			errors++
		}
	}
	if errors < 8 || errors == len(units) {
		t.Fatalf("%d of %d units fail to translate: the comparison covers too little", errors, len(units))
	}
}

// TestCCVersionForCheckAST: checkAST links to an unexported method of cc
// by name, which the compiler cannot check against cc's source. A new cc
// version fails here until someone has checked that (*AST).check still
// exists with the same signature and meaning (Translate = parse + check).
func TestCCVersionForCheckAST(t *testing.T) {
	mod, err := os.ReadFile("../../go.mod")
	if err != nil {
		t.Fatal(err)
	}
	const want = "\tmodernc.org/cc/v4 v4.26.1\n"
	if !strings.Contains(string(mod), want) || strings.Contains(string(mod), "modernc.org/cc/v4 =>") {
		t.Fatalf("go.mod does not require %q (or replaces it); checkAST was checked against that version", strings.TrimSpace(want))
	}
}
