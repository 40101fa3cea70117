package lsl

import (
	"strings"
	"testing"
)

// TestAllocatorOrder: in a C11 program malloc is an acquire and free a
// release read-modify-write of the block's flag, with the .mm fences of
// that mapping tagged mm-only (allocatorOrder); in CheckFence-style LSL,
// or with FencedAllocator, both keep their untagged atomic block between
// full fences.
func TestAllocatorOrder(t *testing.T) {
	src := `proc a() { %p := alloc pool  free pool %p }`
	cases := []struct {
		name         string
		c11, fenced  bool
		malloc, free string // the expansion's fences and flag accesses in order
	}{
		{"checkfence", false, false, "fence full; load; store; fence full", "fence full; load; store; fence full"},
		{"c11", true, false, "load A,ACQ; store A,ACQ; fence load-load mm-only,c11-after-RMW-ACQ; fence load-store mm-only,c11-after-RMW-ACQ",
			"fence load-store mm-only,c11-before-RMW-REL; fence store-store mm-only,c11-before-RMW-REL; load A,REL; store A,REL"},
		{"c11 fenced", true, true, "fence full; load; store; fence full", "fence full; load; store; fence full"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, err := ParseFiles([]SourceFile{{Name: "p.lsl", Src: []byte(src)}})
			if err != nil {
				t.Fatal(err)
			}
			p.C11 = c.c11
			u, err := Unroll(p, []ThreadSpec{conc("a")}, UnrollOptions{FencedAllocator: c.fenced})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			Walk(&Block{Stmts: u.Threads[0].Body.Stmts}, func(st Stmt) bool {
				switch st := st.(type) {
				case *Fence:
					got = append(got, strings.TrimSpace("fence "+st.Kind.String()+" "+strings.Join(st.Tags, ",")))
				case *Load:
					got = append(got, strings.TrimSpace("load "+strings.Join(st.Tags, ",")))
				case *Store:
					got = append(got, strings.TrimSpace("store "+strings.Join(st.Tags, ",")))
				}
				return true
			})
			all := strings.Join(got, "; ")
			if want := c.malloc + "; " + c.free; all != want {
				t.Errorf("expansion\n got %s\nwant %s", all, want)
			}
		})
	}
}
