package axioms

import (
	"errors"
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/checkfence/checkfence/diag"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

func TestBuiltinsParse(t *testing.T) {
	names := BuiltinNames()
	for _, want := range []string{"relaxed", "rmo", "sc"} {
		if _, ok := Builtin(want); !ok {
			t.Errorf("built-in %s missing (have %v)", want, names)
		}
	}
	axiomCounts := map[string]int{"sc": 8, "relaxed": 16, "rmo": 19}
	for name, n := range axiomCounts {
		m := mustBuiltin(t, name)
		if m.Name != name {
			t.Errorf("model %s is named %s", name, m.Name)
		}
		if len(m.Axioms) != n {
			t.Errorf("model %s has %d axioms, want %d", name, len(m.Axioms), n)
		}
	}
	if got := Equivalent()["rmo"].Axiom("Dt"); got == nil ||
		FormulaString(got.Body) != "program_order(X, Y) & program_order(Y, Z) & dependence_order(X, Y) & dependence_order(Y, Z) => dependence_order(X, Z)" {
		t.Errorf("the dissertation's rmo <Dt> = %v", got)
	}
	if got := mustBuiltin(t, "rmo").Axiom("Dt3"); got == nil ||
		FormulaString(got.Body) != "program_order(L, S) & dependence_order(L, S) & program_order(S, L') & aliased(S, L') => dependence_order(L, L')" {
		t.Errorf("rmo <Dt3> = %v", got)
	}
}

// TestGolden pins the printed form of every built-in model.
func TestGolden(t *testing.T) {
	for _, name := range BuiltinNames() {
		m := mustBuiltin(t, name)
		path := filepath.Join("testdata", name+".golden")
		got := m.String()
		if *update {
			if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (run go test -update)", err)
		}
		if got != string(want) {
			t.Errorf("%s: printed model differs from %s:\n%s", name, path, got)
		}
	}
}

// stripPos clears positions so that models can be compared structurally.
func stripPos(v reflect.Value) {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			stripPos(v.Elem())
		}
	case reflect.Slice:
		for i := 0; i < v.Len(); i++ {
			stripPos(v.Index(i))
		}
	case reflect.Struct:
		if v.Type() == reflect.TypeOf(diag.Pos{}) {
			v.Set(reflect.Zero(v.Type()))
			return
		}
		for i := 0; i < v.NumField(); i++ {
			stripPos(v.Field(i))
		}
	}
}

func checkRoundTrip(t testing.TB, m *Model) {
	t.Helper()
	text := m.String()
	m2, err := Parse("roundtrip.mm", []byte(text))
	if err != nil {
		t.Fatalf("printed model does not parse: %v\n%s", err, text)
	}
	if text2 := m2.String(); text2 != text {
		t.Fatalf("printing is not stable:\n%s\n---\n%s", text, text2)
	}
	stripPos(reflect.ValueOf(m))
	stripPos(reflect.ValueOf(m2))
	if !reflect.DeepEqual(m, m2) {
		t.Fatalf("round trip changed the model:\n%s", text)
	}
}

func TestRoundTrip(t *testing.T) {
	srcs := map[string]string{"scq": scQuantified, "weird": weirdModel, "quant": quantModel,
		"ops": header + `<a> ~(mo(X, Y) => mo(Y, X)) <=> (true | false) & ~~X = Y
<b> (mo(X, Y) => mo(Y, X)) => mo(X, X)
<c> mo(X, Y) => mo(Y, X) => mo(X, X)
<d> (exists Y : access . mo(X, Y)) & (forall Y, Z : access . mo(Y, Z) | mo(Z, Y))
<e> mo(X, Y) & (mo(Y, X) & mo(X, X)) | (mo(X, Y) | mo(Y, X))
<f> (mo(X, Y) <=> mo(Y, X)) <=> mo(X, Y) <=> (mo(X, X) <=> mo(Y, Y))
<g> ~exists Y : access . ~forall Z : access . mo(Y, Z)
end model
`}
	for _, name := range BuiltinNames() {
		src, _ := BuiltinSource(name)
		srcs[name] = string(src)
	}
	for name, src := range srcs {
		t.Run(name, func(t *testing.T) {
			m, err := Parse(name+".mm", []byte(src))
			if err != nil {
				t.Fatal(err)
			}
			checkRoundTrip(t, m)
		})
	}
}

// TestParseStructure checks precedence and associativity.
func TestParseStructure(t *testing.T) {
	cases := []struct{ src, want string }{
		// => is right-associative, so these keep their structure when
		// printed without parentheses.
		{"mo(X, Y) => mo(Y, X) => mo(X, X)", "mo(X, Y) => mo(Y, X) => mo(X, X)"},
		{"(mo(X, Y) => mo(Y, X)) => mo(X, X)", "(mo(X, Y) => mo(Y, X)) => mo(X, X)"},
		{"~mo(X, Y) & mo(Y, X) | mo(X, X) => true <=> false", "~mo(X, Y) & mo(Y, X) | mo(X, X) => true <=> false"},
		{"~(mo(X, Y) & mo(Y, X))", "~(mo(X, Y) & mo(Y, X))"},
		{"exists Z : access . mo(X, Z) & mo(Z, Y) | true", "exists Z : access . mo(X, Z) & mo(Z, Y) | true"},
		{"true & (exists Z : access . mo(X, Z)) & true", "true & (exists Z : access . mo(X, Z)) & true"},
		{"true & exists Z : access . mo(X, Z) & true", "true & (exists Z : access . mo(X, Z) & true)"},
		{"~X = Y", "~(X = Y)"},
	}
	for _, c := range cases {
		m, err := Parse("t.mm", []byte(header+"<a> "+c.src+"\nend model\n"))
		if err != nil {
			t.Errorf("%s: %v", c.src, err)
			continue
		}
		if got := FormulaString(m.Axioms[0].Body); got != c.want {
			t.Errorf("%s printed as %s, want %s", c.src, got, c.want)
		}
	}
	// Precedence: ~ binds tighter than &, & than |, | than =>, => than <=>.
	m, _ := Parse("t.mm", []byte(header+"<a> ~true & false | true => false <=> true\nend model\n"))
	iff, ok := m.Axioms[0].Body.(*Iff)
	if !ok {
		t.Fatalf("top is %T, want *Iff", m.Axioms[0].Body)
	}
	imp, ok := iff.L.(*Implies)
	if !ok {
		t.Fatalf("left of <=> is %T, want *Implies", iff.L)
	}
	or, ok := imp.L.(*Or)
	if !ok {
		t.Fatalf("left of => is %T, want *Or", imp.L)
	}
	and, ok := or.Xs[0].(*And)
	if !ok {
		t.Fatalf("first disjunct is %T, want *And", or.Xs[0])
	}
	if _, ok := and.Xs[0].(*Not); !ok {
		t.Fatalf("first conjunct is %T, want *Not", and.Xs[0])
	}
}

// header declares a small vocabulary; axioms start on line 15.
const header = `model m
predefined
set instruction
predicate access(instruction)
predicate load(access)
predicate store(access)
predicate fence(instruction)
relation program_order(instruction, instruction)
exists
relation mo(access, access)
forall
X, Y : access
F : fence
require
`

func TestParseErrors(t *testing.T) {
	cases := []struct {
		name, src string
		want      string // the text: the position and the words are the point
		code      diag.ErrorCode
	}{
		{"incomplete formula", header + "<a> mo(X, Y) &\nend model\n",
			"t.mm:16:1: unexpected token \"end\" (expected formula)", diag.CodeSyntax},
		{"missing comma", header + "<a> mo(X Y)\nend model\n",
			"t.mm:15:10: unexpected token \"Y\" (expected \")\")", diag.CodeSyntax},
		{"missing end", header + "<a> true\n",
			"t.mm:16:1: unexpected end of file (expected \"end\" \"model\")", diag.CodeSyntax},
		{"bad character", "model m\npredefined\n set instruction $\nend model\n",
			"t.mm:3:18: invalid input text \"$\\nend model\\n\"", diag.CodeSyntax},
		{"unterminated comment", "model m /* never closed\nend model\n",
			"t.mm:1:9: invalid input text \"/* never closed\\n...\"", diag.CodeSyntax},
		{"section order", "model m\nforall\npredefined\nend model\n",
			"t.mm:3:1: unexpected token \"predefined\" (expected \"end\" \"model\")", diag.CodeSyntax},
		{"unknown symbol", header + "<a> foo(X)\nend model\n",
			"t.mm:15:5: unknown symbol foo", diag.CodeUndeclared},
		{"undeclared variable", header + "<a> mo(X, Z)\nend model\n",
			"t.mm:15:11: undeclared variable Z (declare it in the forall section)", diag.CodeUndeclared},
		{"arity", header + "<a> mo(X)\nend model\n",
			"t.mm:15:5: mo expects 2 arguments, got 1", diag.CodeArgCount},
		{"arity of predefined", header + "<a> program_order(X, Y, X)\nend model\n",
			"t.mm:15:5: program_order expects 2 arguments, got 3", diag.CodeArgCount},
		{"sort mismatch", header + "<a> mo(X, F)\nend model\n",
			"t.mm:15:11: argument F of mo has sort fence, but parameter 2 of mo has the disjoint sort access", diag.CodeType},
		{"sort mismatch in quantifier", header + "<a> exists Z : fence . load(Z)\nend model\n",
			"t.mm:15:29: argument Z of load has sort fence, but parameter 1 of load has the disjoint sort access", diag.CodeType},
		{"undeclared predefined", header + "<a> aliased(X, Y)\nend model\n",
			"t.mm:15:5: predefined symbol aliased is used but not declared in the predefined section (declare \"relation aliased(access, access)\")", diag.CodeUndeclared},
		{"undeclared sort", "model m\npredefined\nset instruction\nforall\nL : load\nend model\n",
			"t.mm:5:5: sort load is used but \"predicate load(access)\" is not declared in the predefined section", diag.CodeUndeclared},
		{"unknown sort", header + "<a> forall Z : thing . true\nend model\n",
			"t.mm:15:16: unknown sort thing (sorts: instruction, access, load, store, fence)", diag.CodeUnknownKind},
		{"wrong signature", "model m\npredefined\nset instruction\npredicate access(instruction)\npredicate load(instruction)\nend model\n",
			"t.mm:5:11: wrong signature for predefined symbol load: it is \"predicate load(access)\"", diag.CodeType},
		{"wrong keyword", "model m\npredefined\nset instruction\nrelation access(instruction)\nend model\n",
			"t.mm:4:10: wrong signature for predefined symbol access: it is \"predicate access(instruction)\"", diag.CodeType},
		{"unknown predefined", "model m\npredefined\npredicate foo(instruction)\nend model\n",
			"t.mm:3:11: unknown predefined symbol foo", diag.CodeUndeclared},
		{"duplicate label", header + "<a> true\n<a> false\nend model\n",
			"t.mm:16:1: duplicate label <a> (first at t.mm:15:1)", diag.CodeDuplicateDecl},
		{"duplicate relation", "model m\npredefined\nset instruction\nexists\nrelation r(instruction)\nrelation r(instruction)\nend model\n",
			"t.mm:6:10: duplicate declaration of r (first at t.mm:5:10)", diag.CodeDuplicateDecl},
		{"duplicate predefined", "model m\npredefined\nset instruction\nset instruction\nend model\n",
			"t.mm:4:5: duplicate declaration of instruction (first at t.mm:3:5)", diag.CodeDuplicateDecl},
		{"relation shadows predefined", "model m\npredefined\nset instruction\nexists\nrelation seed(instruction)\nend model\n",
			"t.mm:5:10: seed is a predefined symbol; declare it in the predefined section", diag.CodeInvalidConstruct},
		{"duplicate variable", "model m\npredefined\nset instruction\nforall\nX : instruction\nY, X : instruction\nend model\n",
			"t.mm:6:4: duplicate declaration of variable X", diag.CodeDuplicateDecl},
		{"variable case", "model m\npredefined\nset instruction\nforall\nx : instruction\nend model\n",
			"t.mm:5:1: instruction variable x must start with an upper-case letter", diag.CodeInvalidName},
		{"relation case", "model m\npredefined\nset instruction\nexists\nrelation R(instruction)\nend model\n",
			"t.mm:5:10: relation variable R must start with a lower-case letter", diag.CodeInvalidName},
		{"variable as symbol", header + "<a> mo(X, mo)\nend model\n",
			"t.mm:15:11: mo is not an instruction variable (variables start with an upper-case letter)", diag.CodeInvalidName},
		{"set applied", header + "<a> instruction(X)\nend model\n",
			"t.mm:15:5: instruction is a set, not a predicate; it cannot be applied", diag.CodeType},
		{"set in exists", "model m\npredefined\nset instruction\nexists\nset foo\nend model\n",
			"t.mm:5:1: the exists section declares relation variables; \"set foo\" is not allowed here", diag.CodeInvalidConstruct},
		{"nullary relation", "model m\npredefined\nset instruction\nexists\nrelation r\nend model\n",
			"t.mm:5:10: relation variable r needs at least one parameter", diag.CodeArgCount},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m, err := Parse("t.mm", []byte(c.src))
			if err == nil {
				t.Fatalf("no error; parsed\n%v", m)
			}
			var le *diag.Error
			if !errors.As(err, &le) {
				t.Fatalf("error %v is %T, not *diag.Error", err, err)
			}
			if got := diag.Codes(err); !slices.Equal(got, []diag.ErrorCode{c.code}) {
				t.Errorf("codes %v, want [%v]", got, c.code)
			}
			if err.Error() != c.want {
				t.Errorf("error\n  %s\nwant\n  %s", err, c.want)
			}
		})
	}
}

func TestParseErrorList(t *testing.T) {
	_, err := Parse("t.mm", []byte(header+"<a> foo(X) & bar(Y)\nend model\n"))
	var l diag.ErrorList
	if !errors.As(err, &l) || len(l) != 2 {
		t.Fatalf("want a list of 2 errors, got %v", err)
	}
	if got := diag.Codes(err); !slices.Equal(got, []diag.ErrorCode{diag.CodeUndeclared, diag.CodeUndeclared}) ||
		!strings.Contains(err.Error(), " foo") || !strings.Contains(err.Error(), " bar") {
		t.Errorf("error list %q", err)
	}
}

func TestLoadModel(t *testing.T) {
	if m, err := LoadModel("rmo"); err != nil || m.Name != "rmo" {
		t.Errorf("LoadModel(rmo) = %v, %v", m, err)
	}
	if m, err := LoadModel(examplePath); err != nil || m.Name != "relaxed_noforward" {
		t.Errorf("LoadModel(%s) = %v, %v", examplePath, m, err)
	}
	_, err := LoadModel("nosuch")
	// the message lists the built-in models
	if !slices.Equal(diag.Codes(err), []diag.ErrorCode{diag.CodeUnknownModel}) || !strings.Contains(err.Error(), "relaxed, rmo, sc") {
		t.Errorf("LoadModel(nosuch) error = %v", err)
	}
	_, err = LoadModel("testdata/missing.mm")
	if !slices.Equal(diag.Codes(err), []diag.ErrorCode{diag.CodeNoFile}) || !strings.HasPrefix(err.Error(), "testdata/missing.mm:1:1: ") {
		t.Errorf("LoadModel(missing) error = %v", err)
	}
	if !diag.IsInputError(err) {
		t.Errorf("missing file is not an input error")
	}
}
