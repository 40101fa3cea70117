package lsl

import (
	"testing"

	"github.com/checkfence/checkfence/diag"
)

// TestCheck: Check's errors have the right positions and codes
// (codedErrors).
func TestCheck(t *testing.T) {
	tests := []struct {
		name, src string
		want      string // "file:line:col code" per error; "" for none
	}{
		{"valid", "struct s { a: s2, b: int[2], c: ptr } struct s2 {} global g : s proc f(%a) -> (%r) { %r := call f(%a) %x := alloc fresh s2 }", ""},
		{"unknown procedure", "proc f() { call g() }", "t.lsl:1:12 undeclared"},
		{"argument count", "proc g(%a) {} proc f() { call g() }", "t.lsl:1:26 arg-count"},
		{"result count", "proc g() -> (%a, %b) {} proc f() { %x := call g() }", "t.lsl:1:36 arg-count"},
		{"both counts", "proc g() {} proc f() { %x, %y := call g(1) }",
			"t.lsl:1:24 arg-count\nt.lsl:1:24 arg-count"},
		{"unknown field type", "struct s { a: t[2] }", "t.lsl:1:1 undeclared"},
		{"unknown global type", "global g : u", "t.lsl:1:1 undeclared"},
		{"unknown alloc type", "proc f() {\n %a := alloc pool v\n}", "t.lsl:2:2 undeclared"},
		{"failure tag outside a block", "global F proc f() {\n %c := load<A,ACQ,fail.RLX> @F\n}", "t.lsl:2:2 invalid-construct"},
		{"failure tag on a store", "global F proc f() { atomic {\n store<A,REL,fail.ACQ> @F, 1 } }", "t.lsl:2:2 invalid-construct"},
		{"failure tag in a block", "global F proc f() { atomic { %c := load<A,ACQ,fail.RLX> @F } }", ""},
		{"call positions come from loc", "proc f() { loc \"x.c\" 9 2\n call g() }", "x.c:9:2 undeclared"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := mustParse(t, tt.src).Check()
			got := ""
			if err != nil {
				got = codedErrors(err)
			}
			if got != tt.want {
				t.Errorf("got  %q\nwant %q\n(%v)", got, tt.want, err)
			}
		})
	}
}

func TestCheckDuplicates(t *testing.T) {
	// Programs built by front ends are not parsed, so Check looks for
	// duplicate names itself.
	p := &Program{
		Structs: []*Struct{{Name: "s", Pos: diag.Pos{File: "a.c", Line: 1}}, {Name: "s", Pos: diag.Pos{File: "a.c", Line: 2}}},
		Procs:   []*Proc{{Name: "f", Body: &Block{}}, {Name: "f", Body: &Block{}, Pos: diag.Pos{File: "b.c", Line: 4, Col: 2}}},
	}
	want := "a.c:2:1: duplicate struct s (previous declaration at a.c:1)\n" +
		"b.c:4:2: duplicate procedure f (previous declaration at -)"
	if err := p.Check(); err == nil || err.Error() != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
}

func TestLink(t *testing.T) {
	impl := mustParse(t, `composite m(p, q) global A global B = [@A 1]
		proc put(%v) { store [@B 0], m{@B, [9 1]} }`)
	harness := mustParse(t, `composite h(x) global C : int[2] { 1 = @D } global D = h{@C}
		proc t() { %x := load [@C 1] call put(@D) }`)
	implText, harnessText := Format(impl, PrintOptions{Positions: true}), Format(harness, PrintOptions{Positions: true})

	p, err := Link(impl, harness)
	if err != nil {
		t.Fatal(err)
	}
	want := trimLines(`
		composite m (p, q)
		composite h (x)

		global A
		global B = [@A 1]
		global C : int[2] { 1 = @D }
		global D = h{@C}

		proc put(%v) {
		    store [@B 0], m{@B, [9 1]}
		}

		proc t() {
		    %x := load [@C 1]
		    call put(@D)
		}
		`)
	if got := Format(p, PrintOptions{}); got != want {
		t.Errorf("linked program:\n%s\nwant\n%s", got, want)
	}
	// The harness's own globals moved from bases 1 and 2 to 3 and 4.
	if got := p.Proc("t").Body.Stmts[0].(*Load).Addr.(Const).V; !got.Equal(Ptr(3, 1)) {
		t.Errorf("[@C 1] is %s after linking, want [3 1]", got)
	}
	if err := p.Check(); err != nil {
		t.Errorf("Check: %v", err)
	}
	if err := Sanity(p); err != nil {
		t.Errorf("Sanity: %v", err)
	}
	// The inputs are unchanged.
	if Format(impl, PrintOptions{Positions: true}) != implText || Format(harness, PrintOptions{Positions: true}) != harnessText {
		t.Errorf("Link modified its inputs")
	}
	if got := harness.Proc("t").Body.Stmts[0].(*Load).Addr.(Const).V; !got.Equal(Ptr(1, 1)) {
		t.Errorf("Link modified the harness: [@C 1] is %s", got)
	}

	_, err = Link(impl, mustParse(t, "global B\nproc put() {}"))
	want = "t.lsl:1:1: duplicate global B (previous declaration at t.lsl:1:28)\n" +
		"t.lsl:2:1: duplicate procedure put (previous declaration at t.lsl:2:3)"
	if err == nil || err.Error() != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
}
