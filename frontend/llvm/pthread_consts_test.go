package llvmfront

import (
	"strings"
	"testing"

	"github.com/checkfence/checkfence/lsl"
)

func TestConstantsAtEnd(t *testing.T) {
	c := func(n int64) lsl.Operand { return lsl.Const{V: lsl.Num(n)} }
	tests := []struct {
		name  string
		stmts []lsl.Stmt
		want  map[lsl.Reg]int64
	}{
		{"counter", []lsl.Stmt{
			&lsl.Assign{Dst: "%i", Op: lsl.OpCopy, Args: []lsl.Operand{c(0)}},
			&lsl.Assign{Dst: "%i", Op: lsl.OpAdd, Args: []lsl.Operand{lsl.Reg("%i"), c(1)}},
			&lsl.Assign{Dst: "%t", Op: lsl.OpLt, Args: []lsl.Operand{lsl.Reg("%i"), c(2)}},
		}, map[lsl.Reg]int64{"%i": 1, "%t": 1}},
		{"loaded", []lsl.Stmt{
			&lsl.Assign{Dst: "%i", Op: lsl.OpCopy, Args: []lsl.Operand{c(0)}},
			&lsl.Load{Dst: "%i", Addr: c(0)},
			&lsl.Assign{Dst: "%j", Op: lsl.OpAdd, Args: []lsl.Operand{lsl.Reg("%i"), c(1)}},
		}, map[lsl.Reg]int64{}},
		{"branch", []lsl.Stmt{
			&lsl.Assign{Dst: "%i", Op: lsl.OpCopy, Args: []lsl.Operand{c(0)}},
			&lsl.Assign{Dst: "%k", Op: lsl.OpCopy, Args: []lsl.Operand{c(3)}},
			&lsl.If{Cond: lsl.Reg("%x"), Then: &lsl.Block{Stmts: []lsl.Stmt{
				&lsl.Assign{Dst: "%i", Op: lsl.OpCopy, Args: []lsl.Operand{c(1)}},
			}}},
		}, map[lsl.Reg]int64{"%k": 3}},
		{"runtime error", []lsl.Stmt{
			&lsl.Assign{Dst: "%d", Op: lsl.OpDiv, Args: []lsl.Operand{c(1), c(0)}},
		}, map[lsl.Reg]int64{}},
		{"unknown operand", []lsl.Stmt{
			&lsl.Assign{Dst: "%j", Op: lsl.OpAdd, Args: []lsl.Operand{lsl.Reg("%x"), c(1)}},
		}, map[lsl.Reg]int64{}},
	}
	for _, tc := range tests {
		got := constantsAtEnd(tc.stmts)
		if len(got) != len(tc.want) {
			t.Errorf("%s: got %v, want %v", tc.name, got, tc.want)
			continue
		}
		for r, n := range tc.want {
			if v, ok := got[r]; !ok || v.Kind != lsl.KNum || v.Num != n {
				t.Errorf("%s: %s = %v, want %d", tc.name, r, v, n)
			}
		}
	}
}

// The counters of main's create and join loops are constants after the
// loops are expanded: they reach main_final as constants, not through a
// main_r_ global (which would be a store in init and a load in final).
func TestPthreadLoopCountersNotCarried(t *testing.T) {
	needClang(t)
	p := compileC(t, nil, "../../tests/llvm/pthread/c11/msq_2_2.c")
	for _, g := range p.Globals {
		if strings.HasPrefix(g.Name, "main_r_") {
			t.Errorf("global %s carries a register from init to a later part", g.Name)
		}
	}
	if _, err := PthreadTest(p); err != nil {
		t.Fatal(err)
	}
}
