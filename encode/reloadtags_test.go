package encode

import (
	"fmt"
	"testing"

	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/memmodel"
)

// TestReloadSourceMayMatch: the sizing runs delete a reload round only
// where the encoding's tag and fence conditions may hold. On a cat model
// with a C11 mapping they compare mapped tags: a relaxed load before the
// loop and a release CAS's read are both untagged on arm8 and power; the
// CAS's read is an AMO half on riscv and a locked read on tso-cat, tags
// that only add order, so a plain load may take its place
// (ReadRetagKeepsConsistent); an acquire load's fences map to no barrier
// on arm8 and tso-cat, to lwsync on power and to fence r,rw on riscv. A
// barrier after the load must be matched by the same barrier after the
// CAS on every path: power's acquire CAS is followed by lwsync
// (popfenced); a fence on the success branch only (popbranch) does not
// count. riscv's acquire CAS is followed by nothing, but its .aq lets the
// load's fence r,rw move over it (FenceMoveKeepsConsistent), on every
// path. A load of another address in the loop
// (pop's plain read of Y, untagged like the acquire load on tso-cat) is no
// re-read. On the .mm models, rc11 and sc-cat the runs do not judge tags.
func TestReloadSourceMayMatch(t *testing.T) {
	src := `
global X
global Y
proc push() {
    %t := load<A,RLX> @X as "X"
    l: {
        atomic {
            %c := load<A,REL> @X as "X"
            %ok := eq(%c, %t)
            if %ok { store<A,REL> @X, 1 as "X" }
        }
        if %ok { break l }
        %t := %c
        continue l
    }
}
`
	// the pops: an acquire load, then a loop whose acquire CAS is
	// followed by what differs (before: inside the loop, before the CAS)
	for _, v := range []struct{ name, before, after string }{
		{"pop", `%y := load @Y as "Y"`, `if %ok { break l }`},
		{"popfenced", "", "fence load-load<mm-only,c11-after-RMW-ACQ>\n        fence load-store<mm-only,c11-after-RMW-ACQ>\n        if %ok { break l }"},
		{"popbranch", "", "if %ok {\n            fence load-load<mm-only,c11-after-RMW-ACQ>\n            break l\n        }"},
	} {
		src += fmt.Sprintf(`proc %s() {
    %%t := load<A,ACQ> @X as "X"
    fence load-load<mm-only,c11-after-R-ACQ>
    fence load-store<mm-only,c11-after-R-ACQ>
    l: {
        %s
        atomic {
            %%c := load<A,ACQ> @X as "X"
            %%ok := eq(%%c, %%t)
            if %%ok { store<A,ACQ> @X, 0 as "X" }
        }
        %s
        %%t := %%c
        continue l
    }
}
`, v.name, v.before, v.after)
	}
	p, err := lsl.Parse("reload.lsl", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	p.C11 = true
	parts := func(name string) (*lsl.Load, []*lsl.Fence, *lsl.Block) {
		pr := p.Proc(name)
		var l *lsl.Load
		var fences []*lsl.Fence
		var loop *lsl.Block
		for _, s := range pr.Body.Stmts {
			switch s := s.(type) {
			case *lsl.Load:
				l = s
			case *lsl.Fence:
				fences = append(fences, s)
			case *lsl.Block:
				loop = s
			}
		}
		return l, fences, loop
	}
	for _, c := range []struct {
		model                           string
		push, pop, popFenced, popBranch bool
	}{
		{"sc", true, true, true, true}, {"relaxed", true, true, true, true}, {"rc11", true, true, true, true}, {"sc-cat", true, true, true, true},
		{"arm8", true, true, true, true}, {"power", true, false, true, false}, {"riscv", true, true, true, true}, {"tso-cat", true, true, true, true},
	} {
		m := memmodel.MustBuiltin(c.model)
		for _, op := range []struct {
			name string
			want bool
		}{{"push", c.push}, {"pop", c.pop}, {"popfenced", c.popFenced}, {"popbranch", c.popBranch}} {
			l, fences, loop := parts(op.name)
			if got := ReloadSourceMayMatch(m, p, l, fences, loop); got != op.want {
				t.Errorf("%s on %s: %v, want %v", op.name, c.model, got, op.want)
			}
		}
	}
}
