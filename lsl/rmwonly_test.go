package lsl

import (
	"strings"
	"testing"
)

// TestRMWOnlyGlobals: which globals only read-modify-writes of the
// concurrent threads reach, and what their checks pass on.
func TestRMWOnlyGlobals(t *testing.T) {
	const lock = `
proc lock() {
    spin s {
        atomic {
            %r := load @L
            store @L, 1
        }
        %b := ne(%r, 0)
        if %b { continue s }
    }
}
`
	const unlock = `
proc unlock() {
    atomic {
        %u := load @L
        %h := eq(%u, 1)
        assert %h "unlock of a lock that is not held"
        store @L, 0
    }
}
`
	tests := []struct {
		name string
		src  string
		conc []string // one concurrent thread per operation
		init []string
		want string // "" (not RMW-only), "plain" (no checks), "pass 1", "checked" (no single pass value)
	}{
		{"lock and checked unlock", lock + unlock + "proc t() { %x := call lock() %y := call unlock() }", []string{"t"}, nil, "pass 1"},
		{"exchanges only", lock, []string{"lock"}, nil, "plain"},
		{"plain load in a thread", lock + "proc peek() { %v := load @L }", []string{"lock", "peek"}, nil, ""},
		{"plain store in init", lock + "proc setup() { store @L, 0 }", []string{"lock"}, []string{"setup"}, "plain"},
		{"init procedure also run by a thread", lock + "proc setup() { store @L, 0 }", []string{"lock", "setup"}, []string{"setup"}, ""},
		{"address stored", lock + "global P\nproc leak() { store @P, @L }", []string{"lock"}, []string{"leak"}, ""},
		{"address in a register", lock + "proc reg() { %p := copy(@L) }", []string{"lock", "reg"}, nil, ""},
		{"address compared in init", lock + "proc cmp() { %c := eq(@L, 0) }", []string{"lock"}, []string{"cmp"}, ""},
		{"address passed", lock + "proc callee(%p) { } proc pass() { call callee(@L) }", []string{"lock", "pass"}, nil, ""},
		{"pointer made from a number", lock + "proc forge() { %p := pointer(1) }", []string{"lock"}, []string{"forge"}, ""},
		{"checks on different values", lock + unlock + `
proc unlock2() {
    atomic {
        %u := load @L
        %h := eq(2, %u)
        assert %h "odd"
        store @L, 0
    }
}`, []string{"lock", "unlock", "unlock2"}, nil, "checked"},
		{"check of another shape", lock + `
proc unlock3() {
    atomic {
        %u := load @L
        %h := ne(%u, 0)
        assert %h "not held"
        store @L, 0
    }
}`, []string{"lock", "unlock3"}, nil, "checked"},
		// an operation calls what is no procedure: every procedure counts
		// as concurrent, and still only the lock reaches L
		{"call of an unknown procedure", lock + "proc t() { call nothere() }", []string{"t"}, nil, "plain"},
		{"unknown call makes init code concurrent", lock + "proc setup() { store @L, 0 } proc t() { call nothere() }", []string{"t", "lock"}, []string{"setup"}, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src := "global L\n" + tc.src
			p, err := Parse("t.lsl", []byte(src))
			if err != nil {
				t.Fatalf("parse: %v", err)
			}
			var specs []ThreadSpec
			if tc.init != nil {
				specs = append(specs, ThreadSpec{Kind: ThreadInit, Ops: tc.init})
			}
			for _, op := range tc.conc {
				specs = append(specs, ThreadSpec{Kind: ThreadConcurrent, Ops: []string{op}})
			}
			u := &Unrolled{Prog: p}
			for _, s := range specs {
				u.Threads = append(u.Threads, &Thread{Kind: s.Kind, Ops: s.Ops})
			}
			got := RMWOnlyGlobals(u)[1] // L is global 0, base 1
			var desc string
			switch {
			case got == nil:
				desc = ""
			case !got.Checked:
				desc = "plain"
			case got.Pass != nil:
				desc = "pass " + got.Pass.String()
			default:
				desc = "checked"
			}
			if desc != tc.want {
				t.Errorf("got %q, want %q", desc, tc.want)
			}
		})
	}
}

// TestRMWOnlyGlobalsOfUnrolled: the analysis reads the program, not the
// unrolling, and the concurrent threads' operations name its procedures.
func TestRMWOnlyGlobalsOfUnrolled(t *testing.T) {
	src := `global L
global F
proc poll() {
    l: {
        atomic {
            %a := load @L
            store @L, 1
        }
        %f := load @F
        atomic {
            %b := load @L
            %h := eq(%b, 1)
            assert %h "not held"
            store @L, 0
        }
        %c := eq(%f, 0)
        if %c { continue l }
    }
}
proc set() { store @F, 1 }
`
	p, err := Parse("t.lsl", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	u, err := Unroll(p, []ThreadSpec{{Kind: ThreadConcurrent, Ops: []string{"poll"}}, {Kind: ThreadConcurrent, Ops: []string{"set"}}}, UnrollOptions{})
	if err != nil {
		t.Fatal(err)
	}
	got := RMWOnlyGlobals(u)
	var keys []string
	for b, in := range got {
		s := "L"
		if b != 1 {
			s = "other"
		}
		if in.Pass != nil {
			s += " pass " + in.Pass.String()
		}
		keys = append(keys, s)
	}
	if strings.Join(keys, ",") != "L pass 1" {
		t.Errorf("got %v, want [L pass 1] (F is loaded and stored plainly)", keys)
	}
}
