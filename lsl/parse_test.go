package lsl

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/checkfence/checkfence/diag"
)

func TestParseAccepts(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{
			name: "juxtaposed statements",
			src:  "global X proc f() { %a := 1 %b := add(%a, 2) store @X, %b }",
			want: `
		global X

		proc f() {
		    %a := 1
		    %b := add(%a, 2)
		    store @X, %b
		}
		`,
		},
		{
			name: "integers",
			src:  "proc f() { %a := 0x1F %b := -5 %c := -0x10 %d := 007 %e := -9223372036854775808 %k := choose -3 .. -3 }",
			want: `
		proc f() {
		    %a := 31
		    %b := -5
		    %c := -16
		    %d := 7
		    %e := -9223372036854775808
		    %k := choose -3 .. -3
		}
		`,
		},
		{
			name: "choice with its source expression",
			src:  `proc f() { %k := choose 0 .. 3 as "lsl_nondet(0, 3)" %c := choose 0 .. 1 store @X, %k } global X`,
			want: `
		global X

		proc f() {
		    %k := choose 0 .. 3 as "lsl_nondet(0, 3)"
		    %c := choose 0 .. 1
		    store @X, %k
		}
		`,
		},
		{
			name: "pointers and forward references",
			src: `proc f() { %a := [@Y 1 0] %b := [3 1] %c := @X %d := [@X] %e := m{@Y, undef} %g := [@Y -1] }
			      composite m(p, q) global X = [@Y 2] global Y`,
			want: `
		composite m (p, q)

		global X = [@Y 2]
		global Y

		proc f() {
		    %a := [@Y 1 0]
		    %b := [3 1]
		    %c := @X
		    %d := @X
		    %e := m{@Y, undef}
		    %g := [@Y -1]
		}
		`,
		},
		{
			name: "global initializers",
			src:  "struct s { a, b: int[2] } global A : s { 1.1 = 3, 0 = @A } global B : int[2] { = 5 } global C { } global D : ptr",
			want: `
		struct s { a, b: int[2] }

		global A : s { 1.1 = 3, 0 = @A }
		global B : int[2] = 5
		global C
		global D : ptr
		`,
		},
		{
			name: "else if chains",
			src:  "proc f() { if %a { %x := 1 } else if %b { %x := 2 } else if 0 {} else { %x := 3 } if %c {} else {} }",
			want: `
		proc f() {
		    if %a {
		        %x := 1
		    } else if %b {
		        %x := 2
		    } else if 0 {
		    } else {
		        %x := 3
		    }
		    if %c {
		    } else {
		    }
		}
		`,
		},
		{
			name: "labels, including keywords as labels",
			src:  "proc f() { if: { break if } if 1 {} else: { continue else } if: { continue if } l: { m: { break l } } spin s { l: { continue s } } { } }",
			want: `
		proc f() {
		    if: {
		        break if
		    }
		    if 1 {
		    }
		    else: {
		        continue else
		    }
		    if: {
		        continue if
		    }
		    l: {
		        m: {
		            break l
		        }
		    }
		    spin s {
		        l: {
		            continue s
		        }
		    }
		    {
		    }
		}
		`,
		},
		{
			name: "alloc types do not swallow the next statement",
			src: `proc f() { %a := alloc fresh
			              b: { } %c := alloc pool node_t[2] "n" store %c, 1 %d := alloc local
			              if 1 {} %e := alloc fresh t free fresh %e free pool %c }`,
			want: `
		proc f() {
		    %a := alloc fresh
		    b: {
		    }
		    %c := alloc pool node_t[2] "n"
		    store %c, 1
		    %d := alloc local
		    if 1 {
		    }
		    %e := alloc fresh t
		    free fresh %e
		    free pool %c
		}
		`,
		},
		{
			name: "memory accesses, ids and expressions",
			src: `proc f() { %a := load @X as "x" store#2 [@X 0], %a as "x[0]" fence#3 data-dependent-loads
			              %b := load #4 %a fence full %c := load %a
			              as: { break as } }
			      global X`,
			want: `
		global X

		proc f() {
		    %a := load @X as "x"
		    store#2 [@X 0], %a as "x[0]"
		    fence#3 data-dependent-loads
		    %b := load#4 %a
		    fence full
		    %c := load %a
		    as: {
		        break as
		    }
		}
		`,
		},
		{
			name: "calls and results",
			src:  "proc g(%a) -> (%x, %y) { } proc f() { call g(1) %r := call h() %r, %s := call g(@Z, m{1}) } composite m(a) global Z",
			want: `
		composite m (a)

		global Z

		proc g(%a) -> (%x, %y) {
		}

		proc f() {
		    call g(1)
		    %r := call h()
		    %r, %s := call g(@Z, m{1})
		}
		`,
		},
		{
			name: "basic and composite functions",
			src: `composite mp(ptr, marked) composite mp_x(y)
			      proc f() { %a := copy(%b) %c := make_mp(1, 0) %d := get_mp_marked(%c) %e := set_mp_ptr(%c, 2)
			                 %f := get_mp_x_y(%g) %t := threadid() %n := numthreads() %s := select(1, 2, 3) }`,
			want: `
		composite mp (ptr, marked)
		composite mp_x (y)

		proc f() {
		    %a := %b
		    %c := make_mp(1, 0)
		    %d := get_mp_marked(%c)
		    %e := set_mp_ptr(%c, 2)
		    %f := get_mp_x_y(%g)
		    %t := threadid()
		    %n := numthreads()
		    %s := select(1, 2, 3)
		}
		`,
		},
		{
			name: "a composite may be named like a keyword",
			src:  "composite load(a) proc f() { %r := load{1} %s := load %r %u := undef { } }",
			want: `
		composite load (a)

		proc f() {
		    %r := load{1}
		    %s := load %r
		    %u := undef
		    {
		    }
		}
		`,
		},
		{
			name: "observations, assertions, strings",
			src: `proc f() { observe label "op" observe input "in" 3 observe output "out" %r
			             assert %r assert 1 "a\"b\n\x00é\u00e9" assume %r abort "" pruned "l@x.c:3" atomic { } }`,
			want: `
		proc f() {
		    observe label "op"
		    observe input "in" 3
		    observe output "out" %r
		    assert %r
		    assert 1 "a\"b\n\x00éé"
		    assume %r
		    abort ""
		    pruned "l@x.c:3"
		    atomic {
		    }
		}
		`,
		},
		{
			name: "comments and registers with dots",
			src:  "// c1\nproc /* c2 */ f(%a.b, %$1) -> (%_x.2) { /* multi\nline */ %_x.2 := %a.b // end\n }",
			want: `
		proc f(%a.b, %$1) -> (%_x.2) {
		    %_x.2 := %a.b
		}
		`,
		},
		{
			name: "empty program",
			src:  "// nothing\n",
			want: "",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := mustParse(t, tt.src)
			got := Format(p, PrintOptions{})
			if want := trimLines(tt.want); got != want {
				t.Errorf("got\n%s\nwant\n%s", got, want)
			}
		})
	}
}

// codedErrors lists the position and code of each error in err (an
// ErrorList is sorted by position): the tests match codes, not message
// text, which may be reworded.
func codedErrors(err error) string {
	var l diag.ErrorList
	if !errors.As(err, &l) {
		var e *diag.Error
		if !errors.As(err, &e) {
			return fmt.Sprintf("not an input error: %v", err)
		}
		l = diag.ErrorList{e}
	}
	_ = l.Error() // sorts
	var lines []string
	for _, e := range l {
		lines = append(lines, fmt.Sprintf("%s:%d:%d %s", e.Pos.File, e.Pos.Line, e.Pos.Col, e.Code))
	}
	return strings.Join(lines, "\n")
}

// TestParseRejects: each malformed program gets errors with the right
// positions and codes.
func TestParseRejects(t *testing.T) {
	tests := []struct {
		name, src string
		want      string // "file:line:col code" per error
	}{
		{"empty tag list on a fence", "proc f() { fence<> }", "t.lsl:1:17 unknown-kind"},
		{"duplicate tag", "global X proc f() { %a := load<A,B,A> @X }", "t.lsl:1:36 duplicate-decl"},
		{"bad tag", "proc f() { store<A.> @X, 1 }", "t.lsl:1:20 syntax"},
		{"tag before kind", "proc f() { fence<A> full }", "t.lsl:1:21 syntax"},
		{"numeric tag", "proc f() { fence<1> }", "t.lsl:1:18 syntax"},
		{"missing operand", "proc f() { %a := }", "t.lsl:1:18 syntax"},
		{"missing comma", "proc f() { store %a %b }", "t.lsl:1:21 syntax"},
		{"end of file", "proc f() {\n", "t.lsl:2:1 syntax"},
		{"unterminated string", "proc f() {\n  abort \"x\n}", "t.lsl:2:9 syntax"},
		{"unterminated comment", "/* x", "t.lsl:1:1 syntax"},
		{"bad character", "proc f() { ? }", "t.lsl:1:12 syntax"},
		{"observe label needs a name", "proc f() { observe label }", "t.lsl:1:26 syntax"},
		{"nested function call", "proc f() { %a := add(1, sub(2, 3)) }", "t.lsl:1:28 syntax"},
		{"string as statement", `proc f() { "a\"b" }`, "t.lsl:1:12 syntax"},
		{"statement at top level", "%a := 1", "t.lsl:1:1 syntax"},
		{"unknown function", "proc f() { %a := foo(1) }", "t.lsl:1:18 undeclared"},
		{"arity", "proc f() { %a := add(1) }", "t.lsl:1:18 arg-count"},
		{"arity of threadid", "proc f() { %a := threadid(1) }", "t.lsl:1:18 arg-count"},
		{"zext width a register", "proc f() { %w := 8  %a := zext(1, %w) }", "t.lsl:1:27 arg-count"},
		{"sext width too large", "proc f() { %a := sext(1, 64) }", "t.lsl:1:18 arg-count"},
		{"arity of make", "composite m(a) proc f() { %a := make_m() }", "t.lsl:1:33 arg-count"},
		{"make of unknown composite", "proc f() { %a := make_m() }", "t.lsl:1:18 undeclared"},
		{"get of unknown field", "composite m(a) proc f() { %a := get_m_b(%x) }", "t.lsl:1:33 undeclared"},
		{"set of unknown composite", "proc f() { %a := set_m_b(%x, 1) }", "t.lsl:1:18 undeclared"},
		{"ambiguous field function", "composite a(b_c) composite a_b(c) proc f() { %x := get_a_b_c(%y) }",
			"t.lsl:1:52 undeclared"},
		{"composite value arity", "composite m(a, b) global X = m{1}", "t.lsl:1:30 arg-count"},
		{"unknown composite value", "global X = m{1}", "t.lsl:1:12 undeclared"},
		{"nested composite value", "composite m(a) global X = m{m{1}}", "t.lsl:1:29 invalid-construct"},
		{"undef composite", "composite undef(a)", "t.lsl:1:11 invalid-name"},
		{"unknown global", "proc f() { %x := load [@Y 1] }", "t.lsl:1:24 undeclared"},
		{"unknown global alone", "global X = @Y", "t.lsl:1:12 undeclared"},
		{"duplicate struct", "struct s {}\nstruct s { a }", "t.lsl:2:8 duplicate-decl"},
		{"duplicate composite", "composite c()\ncomposite c()", "t.lsl:2:11 duplicate-decl"},
		{"duplicate global", "global g\nloc \"a.c\" 7 2\nglobal g", "t.lsl:3:8 duplicate-decl"},
		{"duplicate proc", "loc \"a.c\" 7 2\nproc p() {}\nproc p() {}", "t.lsl:3:6 duplicate-decl"},
		{"duplicate struct field", "struct s { a, b, a }", "t.lsl:1:18 duplicate-decl"},
		{"duplicate composite field", "composite c(a, a)", "t.lsl:1:16 duplicate-decl"},
		{"duplicate parameter", "proc p(%a, %a) {}", "t.lsl:1:12 duplicate-decl"},
		{"duplicate result", "proc p() -> (%a, %a) {}", "t.lsl:1:18 duplicate-decl"},
		{"duplicate cell", "global g : int[2] { 1 = 1, 1 = 2 }", "t.lsl:1:28 duplicate-decl"},
		{"negative cell offset", "global g : int[2] { -1 = 1 }", "t.lsl:1:21 bad-literal"},
		{"negative dimension", "global g : int[-1]", "t.lsl:1:16 bad-literal"},
		{"negative loc", "proc f() { loc \"x\" -1 0 }", "t.lsl:1:20 bad-literal"},
		{"unknown break label", "proc f() { l: { } break l }", "t.lsl:1:25 undeclared"},
		{"unknown continue label", "proc f() { continue l }", "t.lsl:1:21 undeclared"},
		{"shadowed label", "proc f() { l: { m: { l: { } } } }", "t.lsl:1:22 duplicate-decl"},
		{"spin shadows label", "proc f() { l: { spin l { } } }", "t.lsl:1:22 duplicate-decl"},
		{"break to spin", "proc f() { spin l { break l } }", "t.lsl:1:27 invalid-construct"},
		{"empty choice", "proc f() { %r := choose 3 .. 1 }", "t.lsl:1:25 bad-literal"},
		{"integer overflow", "proc f() { %r := 9223372036854775808 }", "t.lsl:1:18 bad-literal"},
		{"negative overflow", "proc f() { %r := -0x8000000000000001 }", "t.lsl:1:18 bad-literal"},
		{"zero id", "proc f() { fence#0 full }", "t.lsl:1:18 bad-literal"},
		{"unknown fence", "proc f() {\n  fence store-stor }",
			"t.lsl:2:9 unknown-kind"},
		{"unknown alloc kind", "proc f() { %a := alloc heap }", "t.lsl:1:24 unknown-kind"},
		{"free local", "proc f() { free local %a }", "t.lsl:1:17 unknown-kind"},
		{"several registers without call", "proc f() { %a, %b := load %c }", "t.lsl:1:16 invalid-construct"},
		{"bad escape", `proc f() { abort "\q" }`, "t.lsl:1:18 bad-literal"},
		{"too deep", "proc f() " + strings.Repeat("{", 600), "t.lsl:1:510 too-deep"},
		{"else-if chain too long", "proc f() { if 1 {}" + strings.Repeat(" else if 1 {}", 500) + "}",
			"t.lsl:1:6504 too-deep"},
		{"several errors, sorted", "proc f() { %a := foo() }\nproc f() { break x }",
			"t.lsl:1:18 undeclared\nt.lsl:2:6 duplicate-decl\nt.lsl:2:18 undeclared"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := Parse("t.lsl", []byte(tt.src))
			if err == nil {
				t.Fatalf("Parse accepted:\n%s", Format(p, PrintOptions{}))
			}
			if !diag.IsInputError(err) {
				t.Errorf("error %v is not an input error", err)
			}
			if got := codedErrors(err); got != tt.want {
				t.Errorf("got  %s\nwant %s\n(%v)", got, tt.want, err)
			}
		})
	}
}

// TestParsePositions checks where statements and declarations get their
// positions: from the .lsl text, or from the last loc directive.
func TestParsePositions(t *testing.T) {
	src := `global A
loc "a.c" 3 4
global B
global C
proc f() {
    %x := 1
    loc "f.c" 10 2
    %y := 2
    if %y {
        loc "f.c" 11 3
        %z := 3
    } else if %x {
        %w := 1
    }
    %v := 5
}
proc g() {
    %x := 1
}
`
	p := mustParse(t, src)
	pos := func(file string, line, col int) diag.Pos { return diag.Pos{File: file, Line: line, Col: col} }
	f := p.Proc("f").Body
	ifs := f.Stmts[2].(*If)
	elseIf := ifs.Else.Stmts[0].(*If)
	checks := []struct {
		what      string
		got, want diag.Pos
	}{
		{"global A", p.Globals[0].Pos, pos("t.lsl", 1, 1)},
		{"global B (after top-level loc)", p.Globals[1].Pos, pos("a.c", 3, 4)},
		{"global C (loc applies to one declaration)", p.Globals[2].Pos, pos("t.lsl", 4, 1)},
		{"proc f", p.Proc("f").Pos, pos("t.lsl", 5, 1)},
		{"body of f", f.Pos, pos("t.lsl", 5, 1)},
		{"%x := 1", f.Stmts[0].Position(), pos("t.lsl", 6, 5)},
		{"%y := 2", f.Stmts[1].Position(), pos("f.c", 10, 2)},
		{"if", ifs.Pos, pos("f.c", 10, 2)},
		{"then block", ifs.Then.Pos, pos("f.c", 10, 2)},
		{"%z := 3", ifs.Then.Stmts[0].Position(), pos("f.c", 11, 3)},
		{"else block", ifs.Else.Pos, pos("f.c", 10, 2)},
		{"else if (loc persists after the nested block)", elseIf.Pos, pos("f.c", 11, 3)},
		{"%v := 5", f.Stmts[3].Position(), pos("f.c", 11, 3)},
		{"%x := 1 in g (loc ends with the procedure)", p.Proc("g").Body.Stmts[0].Position(), pos("t.lsl", 18, 5)},
	}
	for _, c := range checks {
		if c.got != c.want {
			t.Errorf("%s: position %s, want %s", c.what, c.got, c.want)
		}
	}
}

func TestParseDoesNotCheckCalls(t *testing.T) {
	// A harness may call procedures of another file; Parse leaves calls to
	// ParseFiles and Program.Check.
	if _, err := Parse("h.lsl", []byte("proc t() { call enqueue(1) }")); err != nil {
		t.Fatalf("Parse: %v", err)
	}
	_, err := ParseFiles([]SourceFile{{Name: "h.lsl", Src: []byte("proc t() { call enqueue(1) }")}})
	if want := "h.lsl:1:12: call to unknown procedure enqueue"; err == nil || err.Error() != want {
		t.Errorf("ParseFiles: got %v, want %s", err, want)
	}
}

func TestParseFilesSharesDeclarations(t *testing.T) {
	files := []SourceFile{
		{Name: "harness.lsl", Src: []byte("proc t() { %x := load [@q 1] %m := make_m(%x) call put(%m) }")},
		{Name: "impl.lsl", Src: []byte("composite m(v) global p global q : int[2] proc put(%v) { store @p, %v }")},
	}
	p, err := ParseFiles(files)
	if err != nil {
		t.Fatal(err)
	}
	ld := p.Proc("t").Body.Stmts[0].(*Load)
	if got := ld.Addr.(Const).V; !got.Equal(Ptr(2, 1)) {
		t.Errorf("[@q 1] resolved to %s, want [2 1]", got)
	}
	files[1].Src = []byte("proc put(%v) { }\nproc t() { }")
	_, err = ParseFiles(files)
	want := "harness.lsl:1:24: unknown global @q\n" +
		"harness.lsl:1:36: unknown composite m in make_m\n" +
		"impl.lsl:2:6: duplicate procedure t (previous declaration at harness.lsl:1:1)"
	if err == nil || err.Error() != want {
		t.Errorf("got\n%v\nwant\n%s", err, want)
	}
}

func TestParseNestingLimit(t *testing.T) {
	// Many short if chains, and nesting just below the limit, are fine.
	src := "proc f() {" + strings.Repeat("if 1 {} else if 1 {} else if 1 {}", 300) +
		strings.Repeat(" if 1 {", 249) + " if 1 {} else if 1 {}" + strings.Repeat("}", 249) + "}"
	p := mustParse(t, src)
	if n := len(p.Procs[0].Body.Stmts); n != 301 {
		t.Errorf("%d statements, want 301", n)
	}
}
