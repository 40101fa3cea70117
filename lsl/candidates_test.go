package lsl

import (
	"fmt"
	"strings"
	"testing"
)

// shape prints a procedure body compactly: st/ld for accesses, c<ID> for a
// candidate fence, f for a written fence, call, atomic{…}, if{…}{…},
// loop/block {…}, spin{…}; other statements are left out.
func shape(b *Block) string {
	var parts []string
	for _, s := range b.Stmts {
		switch s := s.(type) {
		case *Store:
			parts = append(parts, "st")
		case *Load:
			parts = append(parts, "ld")
		case *Fence:
			if s.Cand > 0 {
				parts = append(parts, fmt.Sprintf("c%d", s.Cand))
			} else {
				parts = append(parts, "f")
			}
		case *Call:
			parts = append(parts, "call")
		case *Atomic:
			parts = append(parts, "atomic{"+shape(s.Body)+"}")
		case *If:
			x := "if{" + shape(s.Then) + "}"
			if s.Else != nil {
				x += "{" + shape(s.Else) + "}"
			}
			parts = append(parts, x)
		case *Block:
			parts = append(parts, "{"+shape(s)+"}")
		case *Spin:
			parts = append(parts, "spin{"+shape(s.Body)+"}")
		}
	}
	return strings.Join(parts, " ")
}

func candList(cs []*Candidate) string {
	var out []string
	for _, c := range cs {
		out = append(out, fmt.Sprintf("%d=%s:%d:%s:%s", c.ID, c.Point.Proc, c.Point.Line, c.Point.Side, c.Kind))
	}
	return strings.Join(out, " ")
}

func TestInsertCandidates(t *testing.T) {
	sl := []FenceKind{FenceStoreLoad}
	ssl := []FenceKind{FenceStoreStore, FenceStoreLoad}
	cases := []struct {
		name  string
		src   string // global X, Y, Z are declared
		kinds []FenceKind
		proc  string
		shape string
		cands string
	}{
		{"straight line", `
proc p() {
    store @X, 1
    %r := load @Y
    observe output "r" %r
}`, sl, "p", "st c1 ld c2", "1=p:6:before:store-load 2=p:6:after:store-load"},
		{"two kinds per point", `
proc p() {
    store @X, 1
    %r := load @Y
}`, ssl, "p", "st c1 c2 ld c3 c4",
			"1=p:6:before:store-store 2=p:6:before:store-load 3=p:6:after:store-store 4=p:6:after:store-load"},
		{"no point before the first access", `
proc p() {
    %a := 1
    store @X, %a
}`, sl, "p", "st c1", "1=p:6:after:store-load"},
		{"accesses on one line form one group", `
proc p() {
    store @X, 1  store @Y, 1
    %r := load @Z
}`, sl, "p", "st st c1 ld c2", "1=p:6:before:store-load 2=p:6:after:store-load"},
		{"no access at all", `
proc p() {
    %a := 1
    observe output "a" %a
}`, sl, "p", "", ""},
		{"loop: the back edge makes the first access a point", `
proc p() {
    L: {
        %r := load @X
        %c := eq(%r, 1)
        if %c { break L }
        continue L
    }
}`, sl, "p", "{c1 ld c2 if{}}", "1=p:6:before:store-load 2=p:6:after:store-load"},
		{"branches", `
proc p(%c) {
    store @X, 1
    if %c {
        store @Y, 1
    } else {
        %r := load @Y
    }
    store @Z, 1
}`, sl, "p", "st c1 if{c2 st c3}{c4 ld c5} c6 st c7",
			"1=p:6:before:store-load 2=p:7:before:store-load 3=p:7:after:store-load 4=p:9:before:store-load 5=p:9:after:store-load 6=p:11:before:store-load 7=p:11:after:store-load"},
		{"no fences inside atomic blocks", `
proc p() {
    store @X, 1
    atomic { %r := load @Y  store @Y, 2 }
}`, sl, "p", "st c1 atomic{ld st} c2", "1=p:6:before:store-load 2=p:6:after:store-load"},
		{"a call of an accessing procedure is an access", `
proc q() { store @X, 1 }
proc p() {
    call q()
    %r := load @Y
}`, sl, "p", "call c2 ld c3", "1=q:4:after:store-load 2=p:7:before:store-load 3=p:7:after:store-load"},
		{"written fences stay", `
proc p() {
    store @X, 1
    fence store-store
    store @Y, 1
}`, sl, "p", "st f c1 st c2", "1=p:7:before:store-load 2=p:7:after:store-load"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := mustParse(t, "global X\nglobal Y\nglobal Z"+tc.src+"\n")
			before := shape(p.Proc(tc.proc).Body)
			q, cands := InsertCandidates(p, tc.kinds, nil)
			if got := shape(q.Proc(tc.proc).Body); got != tc.shape {
				t.Errorf("shape %q, want %q", got, tc.shape)
			}
			if got := candList(cands); got != tc.cands {
				t.Errorf("candidates %q, want %q", got, tc.cands)
			}
			if after := shape(p.Proc(tc.proc).Body); after != before {
				t.Errorf("the input program changed: %q, was %q", after, before)
			}
			// No selection is the program itself, every selection puts
			// plain fences where the candidates were.
			none := SelectCandidates(q, func(int) bool { return false })
			if got := shape(none.Proc(tc.proc).Body); got != before {
				t.Errorf("nothing selected: %q, want the input %q", got, before)
			}
			all := SelectCandidates(q, func(int) bool { return true })
			want := tc.shape
			for _, c := range cands {
				want = strings.ReplaceAll(want, fmt.Sprintf("c%d", c.ID), "f")
			}
			// c1 inside c12 etc. cannot happen here: fewer than 10 candidates.
			if got := shape(all.Proc(tc.proc).Body); got != want {
				t.Errorf("all selected: %q, want %q", got, want)
			}
		})
	}
}

// TestInsertCandidatesFilter: a rejected point gets no candidates, and a
// point whose key occurs twice shares its candidates.
func TestInsertCandidatesFilter(t *testing.T) {
	p := mustParse(t, `global X
global Y
proc p() {
    store @X, 1
    %r := load @Y
    store @X, 2
}
`)
	q, cands := InsertCandidates(p, []FenceKind{FenceStoreLoad}, func(pt *FencePoint) bool { return pt.Line != 5 })
	if got, want := shape(q.Proc("p").Body), "st ld c1 st c2"; got != want {
		t.Errorf("shape %q, want %q", got, want)
	}
	if got, want := candList(cands), "1=p:6:before:store-load 2=p:6:after:store-load"; got != want {
		t.Errorf("candidates %q, want %q", got, want)
	}
}
