package lsl

import (
	"sort"
	"strings"
	"testing"
)

func TestFaintRegisters(t *testing.T) {
	cases := []struct {
		name, src, want string
	}{
		{"unused counter", `%n := 0  L: { %v := load @X  %n := add(%n, 1)  %c := eq(%v, 0)  if %c { break L } }`, "%n"},
		{"stored counter", `%n := 0  %n := add(%n, 1)  store @X, %n`, ""},
		{"counter in a branch", `%n := 0  %n := add(%n, 1)  %c := lt(%n, 3)  if %c { }`, ""},
		{"counter observed", `%n := 1  observe output "n" %n`, ""},
		{"counter asserted", `%n := 1  assert %n`, ""},
		{"counter as an address", `%n := 1  %p := pointer(%n)  %v := load %p`, ""},
		{"chain", `%a := 1  %b := add(%a, 2)  %c := mul(%b, %b)  %d := eq(%c, %a)`, "%a %b %c %d"},
		{"relevant operand", `%r := 5  store @X, %r  %t := add(%r, 1)  %t := sub(%t, %r)`, "%t"},
		{"loaded operand", `%v := load @X  %t := add(%v, 1)`, ""},
		{"loaded value copied", `%v := load @X  %t := copy(%v)`, ""},
		{"maybe unassigned", `if 1 { %n := 0 }  %n := add(%n, 1)`, ""},
		{"division may fail", `%n := 1  %d := div(%n, 0)`, ""},
		{"shift may fail", `%n := 70  %d := shl(1, %n)`, ""},
		{"operand of a failing op", `%n := 1  %m := add(%n, 1)  %d := mod(%m, 2)`, ""},
		{"pointer constant", `%p := copy(@X)`, ""},
		{"select is left alone", `%c := 1  %s := select(%c, 1, 2)`, ""},
		{"store-conditional status", `store @X, 1 -> %s  %t := add(%s, 1)`, ""},
		{"atomic and spin bodies", `%n := 0  atomic { %n := add(%n, 1)  store @X, 1 }  spin S { %n := add(%n, 2)  %v := load @X  %c := eq(%v, 0)  if %c { continue S } }`, "%n"},
	}
	for _, c := range cases {
		p, err := Parse("t.lsl", []byte("global X\nproc p() {\n"+c.src+"\n}"))
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		var got []string
		for r := range FaintRegisters(p.Procs[0].Body) {
			got = append(got, string(r))
		}
		sort.Strings(got)
		if strings.Join(got, " ") != c.want {
			t.Errorf("%s: faint %v, want %q", c.name, got, c.want)
		}
	}
}

// TestDropFaint checks that unrolling deletes exactly the assignments to
// faint registers, keeps them with KeepFaint, and leaves a program that
// passes the sanity checks.
func TestDropFaint(t *testing.T) {
	src := `global X
proc p() {
    %n := 0
    %k := 0
    L: {
        %v := load @X
        %n := add(%n, 1)
        %k := add(%k, %v)
        %c := eq(%v, 0)
        if %c { continue L }
    }
    store @X, %k
}`
	p, err := Parse("t.lsl", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Check(); err != nil {
		t.Fatal(err)
	}
	specs := []ThreadSpec{{Kind: ThreadConcurrent, Ops: []string{"p"}}}
	count := func(u *Unrolled, reg string) int {
		n := 0
		for _, th := range u.Threads {
			Walk(th.Body, func(s Stmt) bool {
				if a, ok := s.(*Assign); ok && strings.HasPrefix(string(a.Dst), reg) {
					n++
				}
				return true
			})
		}
		return n
	}
	for _, keep := range []bool{false, true} {
		u, err := Unroll(p, specs, UnrollOptions{DefaultBound: 3, KeepFaint: keep})
		if err != nil {
			t.Fatal(err)
		}
		for _, th := range u.Threads {
			if err := SanityBlock(th.Body, p, true); err != nil {
				t.Fatalf("keep=%v: %v", keep, err)
			}
		}
		n, k := count(u, "%n"), count(u, "%k")
		wantN := 0
		if keep {
			wantN = 4 // the initial assignment and one per iteration
		}
		if n != wantN || k != 4 {
			t.Errorf("keep=%v: %d assignments to %%n and %d to %%k, want %d and 4", keep, n, k, wantN)
		}
		if keep != (u.FaintDropped == 0) {
			t.Errorf("keep=%v: FaintDropped %d", keep, u.FaintDropped)
		}
	}
}
