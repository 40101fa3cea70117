package cat

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/checkfence/checkfence/diag"
)

// TestSuiteModelsCompile compiles the third-party models the litmus suites
// use (with their includes) and checks that printing is a fixpoint.
func TestSuiteModelsCompile(t *testing.T) {
	for _, name := range []string{"aarch64", "riscv", "riscv-orig", "power", "ppcfences", "rc11", "c11", "c11-orig", "c11-partialsc", "tso", "sc", "stdlib", "svcomp", "vmm", "lock", "x86fences", "riscvfences", "arm", "linux-kernel"} {
		m := suiteModel(t, name)
		checkFormat(t, name, m)
	}
}

// TestUnsupportedSuiteModels: the GPU models need base relations the
// tool does not have; they must fail with a positioned error, not a
// panic.
func TestUnsupportedSuiteModels(t *testing.T) {
	for _, name := range []string{"imm", "opencl", "opencl-herd", "ptx-v6.0", "ptx-v7.5", "vulkan", "vulkan-nochains"} {
		_, err := LoadFile(filepath.Join(suiteCat, name+".cat"))
		if err == nil {
			t.Errorf("%s: compiled, but needs unknown base relations", name)
			continue
		}
		if unreadable(err) {
			t.Skip("suite not available")
		}
		if !diag.IsInputError(err) || !strings.Contains(err.Error(), ".cat:") {
			t.Errorf("%s: %v is not a positioned input error", name, err)
		}
	}
}

func checkFormat(t *testing.T, name string, m *Model) {
	t.Helper()
	s := m.Format()
	m2, err := Parse(name+".printed.cat", []byte(s))
	if err != nil {
		t.Fatalf("%s: printed model does not parse: %v\n%s", name, err, s)
	}
	if s2 := m2.Format(); s2 != s {
		t.Fatalf("%s: printing is not a fixpoint:\n%s\n----\n%s", name, s, s2)
	}
	if len(m2.Constraints) != len(m.Constraints) {
		t.Fatalf("%s: %d constraints after printing, want %d", name, len(m2.Constraints), len(m.Constraints))
	}
}

func TestParseErrors(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want string         // part of the text: the position and the words ("" for no error)
		code diag.ErrorCode // the code of the first error
	}{
		{"let x = po;", "t.cat:1:12: syntax error: expected an expression, found end of file", diag.CodeSyntax},
		{"let = po", "t.cat:1:5: syntax error: expected a name, found \"=\"", diag.CodeSyntax},
		{"acyclic po as", "t.cat:1:14: syntax error: expected a name, found end of file", diag.CodeSyntax},
		{"acyclic R", "t.cat:1:9: acyclic needs a relation, but R is a set", diag.CodeType},
		{"let x = po | R", "t.cat:1:12: | combines a relation (po) with a set (R)", diag.CodeType},
		{"let x = [po]", "t.cat:1:10: […] needs a set, but po is a relation", diag.CodeType},
		{"let x = R ; po", "t.cat:1:9: the sequence ; needs a relation, but R is a set", diag.CodeType},
		{"let x = po * W", "t.cat:1:9: the cartesian product * needs a set, but po is a relation", diag.CodeType},
		{"let x = R+", "t.cat:1:9: the closure + needs a relation, but R is a set", diag.CodeType},
		{"let x = domain(R)", "t.cat:1:16: domain needs a relation, but R is a set", diag.CodeType},
		{"let x = f(po)", "t.cat:1:9: unknown function f", diag.CodeUndeclared},
		{"let f(X) = X\nlet y = f(po, po)", "t.cat:2:9: f takes 1 argument(s), got 2", diag.CodeArgCount},
		{"let f(X) = X\nlet y = f", "t.cat:2:9: f is a function; call it as f(…)", diag.CodeType},
		{"let x = po ;; po", "t.cat:1:13: syntax error: expected an expression, found \";\"", diag.CodeSyntax},
		{"let x = po^2", "t.cat:1:11: syntax error: only ^-1 (inverse) is supported after ^", diag.CodeSyntax},
		{"let x = 1", "t.cat:1:9: syntax error: the only number in cat is 0", diag.CodeSyntax},
		{"(* open", "t.cat:1:1: unterminated comment", diag.CodeSyntax},
		{"let x = \"a", "t.cat:1:9: unterminated string", diag.CodeSyntax},
		{"let x = po $", "t.cat:1:12: unexpected character '$'", diag.CodeSyntax},
		{"include \"nonexistent-file.cat\"", "t.cat:1:1: cannot find included file \"nonexistent-file.cat\"", diag.CodeNoFile},
		{"procedure p() = end", "t.cat:1:1: procedures are not supported", diag.CodeUnsupported},
		{"let x = R * W * M", "t.cat:1:15: syntax error: the cartesian product * is not associative", diag.CodeSyntax},
		{"let rec f(x) = x", "t.cat:1:9: recursive functions are not supported", diag.CodeUnsupported},
		{"let x = casdep | po", "t.cat:1:16: | combines a set with a relation: casdep is not defined", diag.CodeType},
		{"show po", "", diag.CodeUnclassified},
		{"let x = po\npo", "t.cat:2:1: syntax error: expected let, include or a check", diag.CodeSyntax},
		{"let f(X) = f(X)\nlet y = f(po)", "calls of f nest too deeply", diag.CodeTooDeep},
		// let rec must be monotone: its least fixpoint is computed upwards
		{"let rec a = ~a\nacyclic a", "t.cat:1:9: let rec a: a occurs under a complement ~", diag.CodeInvalidConstruct},
		{"let rec a = po \\ a\nacyclic a", "t.cat:1:9: let rec a: a occurs on the right of a difference", diag.CodeInvalidConstruct},
		{"let rec a = po \\ (a; po)\nacyclic a", "t.cat:1:9: let rec a: a occurs on the right", diag.CodeInvalidConstruct},
		{"let rec a = b | po\nand b = ~a\nacyclic a", "t.cat:2:5: let rec b: a occurs under a complement", diag.CodeInvalidConstruct},
		{"let rec a = po \\ ~a\nacyclic a", "", diag.CodeUnclassified}, // two negations: monotone
		{"let rec a = po | (a; rf) \\ co\nacyclic a", "", diag.CodeUnclassified},
		// not monotone, but herd's in-order iteration settles: the
		// recursion goes through a binding x = x | … (linux-kernel.bell)
		{"let rec l = R \\ domain(m)\nand m = m | ([l]; rf)\nacyclic m", "", diag.CodeUnclassified},
		{"let rec m = m | ([l]; rf)\nand l = R \\ domain(m)\nacyclic m", "", diag.CodeUnclassified},
		{"let rec l = R \\ domain(m)\nand m = ([l]; rf)\nacyclic m", "t.cat:1:9: let rec l: m occurs on the right of a difference", diag.CodeInvalidConstruct},
		{"let rec a = po \\ b\nand b = a\nacyclic a", "t.cat:1:9: let rec a: b occurs on the right", diag.CodeInvalidConstruct},
		// an error in the body of a built-in function is reported at the call
		{"let x = fencerel(po)", "t.cat:1:9: fencerel(…): […] needs a set, but F is a relation (with F = po; in the definition of fencerel at builtin:stdlib.cat:", diag.CodeType},
	} {
		_, err := Parse("t.cat", []byte(tc.src))
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%q: %v", tc.src, err)
		case tc.want != "" && err == nil:
			t.Errorf("%q: accepted, want %q", tc.src, tc.want)
		case tc.want != "" && !strings.Contains(err.Error(), tc.want):
			t.Errorf("%q: got %q, want %q", tc.src, err, tc.want)
		case err != nil && !diag.IsInputError(err):
			t.Errorf("%q: %v is not an input error", tc.src, err)
		case err != nil && diag.Codes(err)[0] != tc.code:
			t.Errorf("%q: codes %v, want %v first", tc.src, diag.Codes(err), tc.code)
		}
	}
}

// TestIncludeRelative: includes resolve against the including file's
// directory, then the built-in files; a cycle is an error.
func TestIncludeRelative(t *testing.T) {
	dir := t.TempDir()
	sub := filepath.Join(dir, "sub")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	write := func(p, s string) {
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(sub, "defs.cat"), "let hb = po | rf\n")
	write(filepath.Join(dir, "main.cat"), "\"Main\"\ninclude \"sub/defs.cat\"\ninclude \"stdlib.cat\"\nacyclic hb as order\n")
	write(filepath.Join(dir, "loop.cat"), "include \"loop2.cat\"\n")
	write(filepath.Join(dir, "loop2.cat"), "include \"loop.cat\"\n")
	m, err := LoadFile(filepath.Join(dir, "main.cat"))
	if err != nil {
		t.Fatal(err)
	}
	if m.Title != "Main" || len(m.Constraints) != 1 || m.Constraints[0].Name != "order" {
		t.Errorf("got title %q constraints %v", m.Title, m.Constraints)
	}
	if _, err := LoadFile(filepath.Join(dir, "loop.cat")); !slices.Equal(diag.Codes(err), []diag.ErrorCode{diag.CodeInvalidConstruct}) {
		t.Errorf("include cycle: %v", err)
	}
	if _, err := LoadFile(filepath.Join(dir, "missing.cat")); err == nil || !diag.IsInputError(err) {
		t.Errorf("missing file: %v", err)
	}
}

// TestPrecedence checks herd's operator precedence through evaluation
// order: | < ; < \ < & < * and postfix.
func TestPrecedence(t *testing.T) {
	for _, tc := range []struct{ a, b string }{
		{"po | rf ; co", "po | (rf ; co)"},
		{"po ; rf \\ co", "po ; (rf \\ co)"},
		{"po \\ rf & co", "po \\ (rf & co)"},
		{"R * W & po", "(R * W) & po"},
		{"po \\ rf \\ co", "(po \\ rf) \\ co"},
		{"rf^-1 ; co", "(rf^-1) ; co"},
		{"po* ; rf", "(po*) ; rf"},
		{"~po & rf", "(~po) & rf"},
		{"[R] \\ [W] ; po", "([R] \\ [W]) ; po"},
	} {
		ma, err := Parse("a.cat", []byte("empty "+tc.a+" as x"))
		if err != nil {
			t.Fatal(err)
		}
		mb, err := Parse("b.cat", []byte("empty "+tc.b+" as x"))
		if err != nil {
			t.Fatal(err)
		}
		if a, b := ma.Constraints[0].Expr.String(), mb.Constraints[0].Expr.String(); a != b {
			t.Errorf("%s parses as %s, want %s", tc.a, a, b)
		}
	}
}
