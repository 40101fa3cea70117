package lsl

import "testing"

func TestPlainRMW(t *testing.T) {
	tests := []struct {
		name, body string
		rmw        bool
		checked    bool // CheckedRMW (every PlainRMW is one)
	}{
		{"exchange", "atomic { %r := load @X  store @X, 1 }", true, true},
		{"fetch-add", "atomic { %r := load @X  %s := add(%r, 1)  store @X, %s }", true, true},
		{"through a register", "%p := @X  atomic { %r := load %p  store %p, 1 }", true, true},
		{"address reassigned", "%p := @X  atomic { %r := load %p  %p := @Y  store %p, 1 }", false, false},
		{"loads its address", "%p := @X  atomic { %p := load %p  store %p, 1 }", false, false},
		{"other address", "atomic { %r := load @X  store @Y, 1 }", false, false},
		{"conditional store (CAS)", "atomic { %r := load @X  %c := eq(%r, 0)  if %c { store @X, 1 } }", false, false},
		{"two loads", "atomic { %r := load @X  %s := load @X  store @X, 1 }", false, false},
		{"store first", "atomic { store @X, 1  %r := load @X }", false, false},
		{"fence inside", "atomic { %r := load @X  fence full  store @X, 1 }", false, false},
		{"unlock that asserts", "atomic { %u := load @X  %h := eq(%u, 1)  assert %h \"not held\"  store @X, 0 }", false, true},
		{"assume inside", "atomic { %u := load @X  %h := eq(%u, 1)  assume %h  store @X, 0 }", false, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			prog, err := Parse("rmw.lsl", []byte("global X\nglobal Y\nproc p() { l: { "+tc.body+" } }\n"))
			if err != nil {
				t.Fatal(err)
			}
			var a *Atomic
			Walk(prog.Procs[0].Body, func(s Stmt) bool {
				if at, ok := s.(*Atomic); ok && a == nil {
					a = at
				}
				return true
			})
			if a == nil {
				t.Fatal("no atomic block")
			}
			if got := PlainRMW(a); got != tc.rmw {
				t.Errorf("PlainRMW = %v, want %v", got, tc.rmw)
			}
			if got := CheckedRMW(a); got != tc.checked {
				t.Errorf("CheckedRMW = %v, want %v", got, tc.checked)
			}
		})
	}
}

func TestStartsWithRMW(t *testing.T) {
	for _, tc := range []struct {
		body   string
		starts bool
	}{
		{"atomic { %r := load @X  store @X, 1 }  %c := eq(%r, 1)", true},
		{"%k := 1  atomic { %r := load @X  store @X, %k }", true},
		{"%s := load @X  atomic { %r := load @X  store @X, 1 }", false},
		{"fence full  atomic { %r := load @X  store @X, 1 }", false},
		{"%c := choose 0 .. 1  atomic { %r := load @X  store @X, %c }", false},
		{"", false},
	} {
		prog, err := Parse("rmw.lsl", []byte("global X\nproc p() { l: { "+tc.body+" } }\n"))
		if err != nil {
			t.Fatal(err)
		}
		loop := prog.Procs[0].Body.Stmts[0].(*Block)
		if got := StartsWithRMW(loop); got != tc.starts {
			t.Errorf("%q: StartsWithRMW = %v, want %v", tc.body, got, tc.starts)
		}
	}
}
