package lsl

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/checkfence/checkfence/diag"
)

func testdataFiles(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob("testdata/*.lsl")
	if err != nil || len(files) == 0 {
		t.Fatalf("no testdata: %v", err)
	}
	return files
}

func parseFile(t *testing.T, file string) *Program {
	t.Helper()
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	p, err := Parse(file, src)
	if err != nil {
		t.Fatalf("Parse: %v", err)
	}
	return p
}

// TestGolden compares the printed form of every testdata/*.lsl file with
// its .golden (and, with positions, .pos.golden) file. Run with -update to
// rewrite them.
func TestGolden(t *testing.T) {
	for _, file := range testdataFiles(t) {
		for _, opts := range []struct {
			suffix string
			opts   PrintOptions
		}{{".golden", PrintOptions{}}, {".pos.golden", PrintOptions{Positions: true}}} {
			golden := strings.TrimSuffix(file, ".lsl") + opts.suffix
			t.Run(filepath.Base(golden), func(t *testing.T) {
				var buf bytes.Buffer
				if err := Fprint(&buf, parseFile(t, file), opts.opts); err != nil {
					t.Fatal(err)
				}
				if *update {
					if err := os.WriteFile(golden, buf.Bytes(), 0o644); err != nil {
						t.Fatal(err)
					}
					return
				}
				want, err := os.ReadFile(golden)
				if err != nil {
					t.Fatalf("%v (run go test -update to create it)", err)
				}
				if got := buf.String(); got != string(want) {
					t.Errorf("output differs from %s (run go test -update to accept):\n%s", golden, got)
				}
			})
		}
	}
}

// TestRoundTrip checks Parse(Format(p)) == p for every testdata file, with
// and without positions, and that printing is a fixpoint.
func TestRoundTrip(t *testing.T) {
	for _, file := range testdataFiles(t) {
		for _, withPos := range []bool{true, false} {
			name := filepath.Base(file)
			if withPos {
				name += "/positions"
			}
			t.Run(name, func(t *testing.T) {
				checkRoundTrip(t, parseFile(t, file), withPos)
			})
		}
	}
}

func checkRoundTrip(t *testing.T, p *Program, withPos bool) {
	t.Helper()
	opts := PrintOptions{Positions: withPos}
	text := Format(p, opts)
	q, err := Parse("printed.lsl", []byte(text))
	if err != nil {
		t.Fatalf("printed program does not parse: %v\n%s", err, text)
	}
	if again := Format(q, opts); again != text {
		t.Errorf("printing is not a fixpoint:\n--- first\n%s\n--- second\n%s", text, again)
	}
	sameProgram(t, p, q, withPos)
}

func TestPositionsRestoreUnknownPositions(t *testing.T) {
	// Statements without a position (Pos{}) print as loc "" 0 0 and come
	// back without a position.
	p := &Program{Procs: []*Proc{{Name: "f", Body: &Block{Stmts: []Stmt{
		&Fence{Kind: FenceFull},
		&Fence{Kind: FenceFull, Pos: diag.Pos{File: "a.c", Line: 3}},
	}}}}}
	text := Format(p, PrintOptions{Positions: true})
	want := trimLines(`
		loc "" 0 0
		proc f() {
		    loc "" 0 0
		    fence full
		    loc "a.c" 3 0
		    fence full
		}
		`)
	if text != want {
		t.Fatalf("got\n%s\nwant\n%s", text, want)
	}
	q := mustParse(t, text)
	sameProgram(t, p, q, true)
}

func TestSourceComments(t *testing.T) {
	p := mustParse(t, `proc f() {
    loc "q.c" 5 3
    %a := 1
    %b := 2
    loc "q.c" 5 9
    if %a {
        loc "q.c" 6 5
        %c := 3
        loc "q.c" 7 5
    } else if %b {
        loc "q.c" 8 5
    }
}`)
	lines := map[int]string{5: "a = 1; b = 2;", 6: "c = 3;", 7: "else if (b)", 8: ""}
	got := Format(p, PrintOptions{SourceComments: func(pos diag.Pos) string { return lines[pos.Line] }})
	want := trimLines(`
		proc f() {
		    // q.c:5: a = 1; b = 2;
		    %a := 1
		    %b := 2
		    if %a {
		        // q.c:6: c = 3;
		        %c := 3
		    } else {
		        // q.c:7: else if (b)
		        if %b {
		        }
		    }
		}
		`)
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func TestFormatStmt(t *testing.T) {
	p := mustParse(t, "global X global Y proc f() { if %c { store [@Y 1], m{@X} } } composite m(a)")
	s := p.Procs[0].Body.Stmts[0]
	want := "if %c {\n    store [@Y 1], m{@X}\n}"
	if got := FormatStmt(s, p); got != want {
		t.Errorf("FormatStmt with program: got\n%s\nwant\n%s", got, want)
	}
	want = "if %c {\n    store [2 1], m{[1]}\n}"
	if got := FormatStmt(s, nil); got != want {
		t.Errorf("FormatStmt without program: got\n%s\nwant\n%s", got, want)
	}
}

// TestFormatInvalidIR makes sure the printer survives IR that fails Sanity
// (it is used to show such IR when debugging a pass).
func TestFormatInvalidIR(t *testing.T) {
	p := &Program{Procs: []*Proc{{Name: "f", Body: &Block{Stmts: []Stmt{
		nil,
		&If{},
		&Atomic{},
		&Store{},
		&Fence{Kind: 99},
		&Assign{Dst: "%a", Op: OpCopy},
		&Assign{Dst: "%a", Op: 200, Args: []Operand{Const{V: Value{Kind: 9}}}},
		&Observe{Kind: ObsOutput},
		&Alloc{Dst: "%a"},
	}}}}}
	got := Format(p, PrintOptions{Positions: true})
	for _, want := range []string{"<nil statement>", "if <nil> {", "fence fence(99)", "%a := copy()",
		"op200(<bad value>)", "observe output \"\" <nil>", "alloc(0)"} {
		if !strings.Contains(got, want) {
			t.Errorf("output lacks %q:\n%s", want, got)
		}
	}
}

func TestFormatValue(t *testing.T) {
	p := mustParse(t, "global X global Y")
	for _, c := range []struct {
		v    Value
		want string
	}{
		{Undef, "undef"},
		{Num(-7), "-7"},
		{Ptr(1), "@X"},
		{Ptr(2, 0, 3), "[@Y 0 3]"},
		{Ptr(3), "[3]"},
		{Ptr(0, 1), "[0 1]"},
		{Comp("m", Ptr(1), Num(0)), "m{@X, 0}"},
		{Comp("e"), "e{}"},
	} {
		if got := FormatValue(c.v, p); got != c.want {
			t.Errorf("FormatValue(%v) = %s, want %s", c.v, got, c.want)
		}
	}
	if got := FormatValue(Ptr(1), nil); got != "[1]" {
		t.Errorf("FormatValue without program = %s, want [1]", got)
	}
}
