package synth

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/checkfence/checkfence/internal/clangtest"
	"github.com/checkfence/checkfence/lsl"
)

// TestRelaxRewrite: the program Relax checks for weaker orders (the
// accesses' order tags and the fences beside them rewritten) has the
// shape of the program compiled from the source with those orders
// written in (the --diff edit), for every weaker order of each access of
// every kind: a load, a store, a compare-and-swap (whose failure order
// is lowered with it) and a fetch-and-add. Every model thus sees the
// weakened program as compiled.
func TestRelaxRewrite(t *testing.T) {
	clangtest.Need(t)
	file := "../tests/fencesynth/c11/sc_mix.c"
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(src), "\n")
	prog, _ := clangtest.LoadPthread(t, file)
	sites := atomicSites(prog)
	kinds := map[string]bool{}
	for _, st := range sites {
		kinds[st.kind] = true
	}
	if len(sites) != 5 || len(kinds) != 3 {
		t.Fatalf("%d sites of kinds %v, want 5 of R, W and RMW", len(sites), kinds)
	}
	// round r gives each access its r-th weaker order (cycling): four
	// programs cover every weaker order of every access
	for r := 0; r < 4; r++ {
		t.Run(fmt.Sprint("round", r), func(t *testing.T) {
			orders := map[lsl.Stmt]string{}
			ed := &edits{ins: map[int][]string{}, repl: map[int]string{}}
			for _, st := range sites {
				ws := weaker(st.kind, st.order)
				w := ws[r%len(ws)]
				orders[st.stmt] = w
				if err := ed.order(file, lines, &lsl.Candidate{Point: st.point, Order: w, From: st.order, Access: st.kind}); err != nil {
					t.Fatal(err)
				}
			}
			got := withOrders(prog, orders)
			out := append([]string(nil), lines...)
			for i, l := range ed.repl {
				out[i] = l
			}
			weak := filepath.Join(t.TempDir(), "sc_mix.c")
			if err := os.WriteFile(weak, []byte(strings.Join(out, "\n")), 0o644); err != nil {
				t.Fatal(err)
			}
			want, _ := clangtest.LoadPthread(t, weak)
			if g, w := shape(got), shape(want); g != w {
				t.Errorf("rewritten:\n%s\ncompiled from the weakened source:\n%s\n%s", g, w, strings.Join(out[11:26], "\n"))
			}
		})
	}
}

// shape prints the C11 accesses, the mm-only fences and the branches of
// every procedure, without positions.
func shape(p *lsl.Program) string {
	var b strings.Builder
	var block func(bl *lsl.Block, depth int)
	block = func(bl *lsl.Block, depth int) {
		if bl == nil {
			return
		}
		ind := strings.Repeat("  ", depth)
		for _, s := range bl.Stmts {
			switch s := s.(type) {
			case *lsl.Fence:
				fmt.Fprintf(&b, "%sfence %s %v\n", ind, s.Kind, s.Tags)
			case *lsl.Load:
				if lsl.HasTag(s.Tags, "A") {
					fmt.Fprintf(&b, "%sload %v\n", ind, s.Tags)
				}
			case *lsl.Store:
				if lsl.HasTag(s.Tags, "A") {
					fmt.Fprintf(&b, "%sstore %v\n", ind, s.Tags)
				}
			case *lsl.If:
				fmt.Fprintf(&b, "%sif\n", ind)
				block(s.Then, depth+1)
				fmt.Fprintf(&b, "%selse\n", ind)
				block(s.Else, depth+1)
			case *lsl.Atomic:
				fmt.Fprintf(&b, "%satomic\n", ind)
				block(s.Body, depth+1)
			case *lsl.Block:
				block(s, depth)
			case *lsl.Spin:
				fmt.Fprintf(&b, "%sspin\n", ind)
				block(s.Body, depth+1)
			}
		}
	}
	for _, proc := range p.Procs {
		fmt.Fprintf(&b, "proc %s\n", proc.Name)
		block(proc.Body, 1)
	}
	return b.String()
}
