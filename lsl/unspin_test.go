package lsl

import (
	"strings"
	"testing"
)

// TestUnspinPlainLoads: a spin loop with a plain load becomes an ordinary
// loop (labelled block, same body); one whose loads are all C11 atomics,
// or plain only inside an atomic block, stays a spin; the input program
// is not changed.
func TestUnspinPlainLoads(t *testing.T) {
	const src = `
global X
global Y
global L
proc plain() {
    spin wait {
        %f := load<A,ACQ> @Y as "flag"
        %d := load @X as "data"
        %u := eq(%f, 0)
        if %u { continue wait }
    }
}
proc na() {
    if 1 {
        spin w2 {
            %d := load<NA> @X as "data"
            %u := eq(%d, 0)
            if %u { continue w2 }
        }
    }
}
proc atomics() {
    spin wait {
        %f := load<A,RLX> @Y as "flag"
        %u := eq(%f, 0)
        if %u { continue wait }
    }
}
proc locked() {
    spin lock {
        atomic {
            %v := load @L
            store @L, 1
        }
        %h := ne(%v, 0)
        if %h { continue lock }
    }
}
`
	p, err := Parse("t.lsl", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	before := Format(p, PrintOptions{})
	q := UnspinPlainLoads(p)
	if after := Format(p, PrintOptions{}); after != before {
		t.Fatalf("the input program changed:\n%s", after)
	}
	for _, tc := range []struct {
		proc string
		spin bool
	}{{"plain", false}, {"na", false}, {"atomics", true}, {"locked", true}} {
		var proc *Proc
		for _, pr := range q.Procs {
			if pr.Name == tc.proc {
				proc = pr
			}
		}
		spins, loops := 0, 0
		Walk(proc.Body, func(s Stmt) bool {
			switch s := s.(type) {
			case *Spin:
				spins++
			case *Block:
				if s.IsLoop() {
					loops++
				}
			}
			return true
		})
		if got := spins == 1 && loops == 0; got != tc.spin {
			t.Errorf("%s: %d spins, %d loops after UnspinPlainLoads, want spin=%v:\n%s", tc.proc, spins, loops, tc.spin, FormatStmt(proc.Body, q))
		}
		if !tc.spin && (spins != 0 || loops != 1) {
			t.Errorf("%s: %d spins, %d loops, want one ordinary loop", tc.proc, spins, loops)
		}
		text := FormatStmt(proc.Body, q)
		if !tc.spin && !strings.Contains(text, "continue w") {
			t.Errorf("%s lost its retry:\n%s", tc.proc, text)
		}
	}
	if err := Sanity(q); err != nil {
		t.Errorf("sanity: %v", err)
	}
}
