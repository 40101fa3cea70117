package lsl

import (
	"errors"
	"testing"

	"github.com/checkfence/checkfence/diag"
)

// Helpers for building IR by hand.

func ir(n int64) Operand                    { return Const{Num(n)} }
func irp(base int64, offs ...int64) Operand { return Const{Ptr(base, offs...)} }
func ipos(line int) diag.Pos                { return diag.Pos{File: "t.lsl", Line: line, Col: 1} }
func blk(stmts ...Stmt) *Block              { return &Block{Stmts: stmts} }
func lblk(label string, stmts ...Stmt) *Block {
	return &Block{Label: label, Stmts: stmts}
}
func asg(dst Reg, op Op, args ...Operand) *Assign { return &Assign{Dst: dst, Op: op, Args: args} }
func cp(dst Reg, a Operand) *Assign               { return asg(dst, OpCopy, a) }

func proc(name string, params, results []Reg, stmts ...Stmt) *Proc {
	return &Proc{Name: name, Params: params, Results: results, Body: blk(stmts...)}
}

func regs_(rs ...Reg) []Reg { return rs }

func runOK(t *testing.T, p *Program, name string, args []Value, opt InterpOptions) *InterpResult {
	t.Helper()
	res, err := Run(p, name, args, opt)
	if err != nil {
		t.Fatalf("Run(%s): %v", name, err)
	}
	return res
}

func TestInterpLoopSum(t *testing.T) {
	// sum(n): s := 0; i := 1; loop: { if le(i, n) {} else { break loop }; s += i; i += 1; continue loop }
	p := &Program{Procs: []*Proc{proc("sum", regs_("%n"), regs_("%s"),
		cp("%s", ir(0)),
		cp("%i", ir(1)),
		lblk("loop",
			asg("%c", OpLe, Reg("%i"), Reg("%n")),
			&If{Cond: Reg("%c"), Then: blk(), Else: blk(&Break{Label: "loop"})},
			asg("%s", OpAdd, Reg("%s"), Reg("%i")),
			asg("%i", OpAdd, Reg("%i"), ir(1)),
			&Continue{Label: "loop"},
		),
	)}}
	for n, want := range map[int64]int64{0: 0, 1: 1, 10: 55} {
		res := runOK(t, p, "sum", []Value{Num(n)}, InterpOptions{})
		if !res.Results[0].Equal(Num(want)) {
			t.Errorf("sum(%d) = %v, want %d", n, res.Results[0], want)
		}
	}
}

func TestInterpMemory(t *testing.T) {
	p := &Program{
		Structs: []*Struct{{Name: "pair", Fields: []Field{{Name: "a"}, {Name: "b"}}}},
		Globals: []*Global{
			{Name: "X", Init: []CellInit{{Val: Num(5)}}},
			{Name: "P", Type: &TypeRef{Name: "pair"}, Init: []CellInit{{Path: []int64{1}, Val: Ptr(1)}}},
		},
		Procs: []*Proc{proc("main", nil, regs_("%x", "%a", "%b", "%u"),
			&Load{Dst: "%x", Addr: irp(1)},      // 5
			&Load{Dst: "%a", Addr: irp(2, 0)},   // 0: globals default to 0
			&Load{Dst: "%q", Addr: irp(2, 1)},   // [1]
			&Store{Addr: Reg("%q"), Val: ir(7)}, // X = 7
			&Load{Dst: "%b", Addr: irp(1)},      // 7
			&Alloc{Dst: "%n", Kind: AllocFresh}, // base 3
			&Load{Dst: "%u", Addr: Reg("%n")},   // ⊥
			&Store{Addr: Reg("%n"), Val: Reg("%x")},
		)},
	}
	res := runOK(t, p, "main", nil, InterpOptions{})
	want := []Value{Num(5), Num(0), Num(7), Undef}
	for i, w := range want {
		if !res.Results[i].Equal(w) {
			t.Errorf("result %d = %v, want %v", i, res.Results[i], w)
		}
	}
	if got := res.Cell(Ptr(3)); !got.Equal(Num(5)) {
		t.Errorf("fresh block cell = %v, want 5", got)
	}
	if got := res.Cell(Ptr(2, 0)); !got.Equal(Num(0)) {
		t.Errorf("untouched global cell = %v, want 0", got)
	}
	if got := res.Cell(Ptr(1)); !got.Equal(Num(7)) {
		t.Errorf("X = %v, want 7", got)
	}
}

func TestInterpRecursion(t *testing.T) {
	// fact(n) = n <= 1 ? 1 : n * fact(n-1)
	p := &Program{Procs: []*Proc{proc("fact", regs_("%n"), regs_("%r"),
		asg("%c", OpLe, Reg("%n"), ir(1)),
		&If{Cond: Reg("%c"),
			Then: blk(cp("%r", ir(1))),
			Else: blk(
				asg("%m", OpSub, Reg("%n"), ir(1)),
				&Call{Proc: "fact", Args: []Operand{Reg("%m")}, Results: regs_("%f")},
				asg("%r", OpMul, Reg("%n"), Reg("%f")),
			)},
	)}}
	res := runOK(t, p, "fact", []Value{Num(6)}, InterpOptions{})
	if !res.Results[0].Equal(Num(720)) {
		t.Errorf("fact(6) = %v", res.Results[0])
	}
	_, err := Run(p, "fact", []Value{Num(50)}, InterpOptions{MaxDepth: 10})
	var ie *InterpError
	if !errors.As(err, &ie) || ie.Kind != InterpLimit {
		t.Errorf("depth limit: got %v", err)
	}
}

func TestInterpFailures(t *testing.T) {
	at := func(s Stmt, line int) Stmt { setTestPos(s, ipos(line)); return s }
	tests := []struct {
		name string
		body []Stmt
		kind InterpFailure
		msg  string
		line int
	}{
		{"assert", []Stmt{at(&Assert{Cond: ir(0), Msg: "x == 1"}, 3)}, InterpAssertion, "x == 1", 3},
		{"assume", []Stmt{at(&Assume{Cond: ir(0)}, 4)}, InterpAssume, "assumption does not hold", 4},
		{"null load", []Stmt{at(&Load{Dst: "%v", Addr: ir(0)}, 5)}, InterpRuntime, "load through the null pointer", 5},
		{"number store", []Stmt{at(&Store{Addr: ir(3), Val: ir(1)}, 6)}, InterpRuntime, "store through the number 3", 6},
		{"undef load", []Stmt{at(&Load{Dst: "%v", Addr: Reg("%nothing")}, 7)}, InterpRuntime, "load through an undefined value", 7},
		{"division", []Stmt{at(asg("%v", OpDiv, ir(1), ir(0)), 8)}, InterpRuntime, "division by zero", 8},
		{"branch undef", []Stmt{at(&If{Cond: Reg("%u"), Then: blk()}, 9)}, InterpRuntime, "branch on undefined value", 9},
		{"compare undef", []Stmt{at(asg("%v", OpEq, Reg("%u"), ir(0)), 10)}, InterpRuntime, "comparison with undefined value", 10},
		{"pointer arith", []Stmt{at(asg("%v", OpAdd, irp(1), ir(1)), 11)}, InterpRuntime, "add on a pointer operand", 11},
		{"abort", []Stmt{at(&Abort{Msg: "abort()"}, 12)}, InterpRuntime, "abort()", 12},
		{"deadlock", []Stmt{at(&Spin{Label: "s", Body: blk(&Continue{Label: "s"})}, 13)}, InterpDeadlock, "spin loop s never exits", 13},
		{"infinite loop", []Stmt{at(lblk("l", &Continue{Label: "l"}), 14)}, InterpLimit, "step limit (1000) reached", 14},
		{"getbase", []Stmt{at(asg("%v", OpGetBase, irp(1)), 15)}, InterpRuntime, "getbase of a pointer without offsets", 15},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := &Program{Globals: []*Global{{Name: "X"}}, Procs: []*Proc{proc("main", nil, nil, tc.body...)}}
			_, err := Run(p, "main", nil, InterpOptions{MaxSteps: 1000})
			var ie *InterpError
			if !errors.As(err, &ie) {
				t.Fatalf("got %v, want a failure", err)
			}
			if ie.Kind != tc.kind || ie.Msg != tc.msg || ie.Pos.Line != tc.line {
				t.Errorf("got %s / %q at line %d, want %s / %q at line %d", ie.Kind, ie.Msg, ie.Pos.Line, tc.kind, tc.msg, tc.line)
			}
		})
	}
}

func setTestPos(s Stmt, p diag.Pos) {
	switch s := s.(type) {
	case *Assert:
		s.Pos = p
	case *Assume:
		s.Pos = p
	case *Load:
		s.Pos = p
	case *Store:
		s.Pos = p
	case *Assign:
		s.Pos = p
	case *If:
		s.Pos = p
	case *Abort:
		s.Pos = p
	case *Spin:
		s.Pos = p
	case *Block:
		s.Pos = p
	}
}

func TestInterpSpinExits(t *testing.T) {
	// spin s { v := load @X; c := eq(v, 0); if c { continue s } } with X = 1 exits.
	p := &Program{
		Globals: []*Global{{Name: "X", Init: []CellInit{{Val: Num(1)}}}},
		Procs: []*Proc{proc("main", nil, regs_("%v"),
			&Spin{Label: "s", Body: blk(
				&Load{Dst: "%v", Addr: irp(1)},
				asg("%c", OpEq, Reg("%v"), ir(0)),
				&If{Cond: Reg("%c"), Then: blk(&Continue{Label: "s"})},
			)},
		)},
	}
	res := runOK(t, p, "main", nil, InterpOptions{})
	if !res.Results[0].Equal(Num(1)) {
		t.Errorf("v = %v", res.Results[0])
	}
}

func TestInterpChooseObserveThread(t *testing.T) {
	p := &Program{Procs: []*Proc{proc("main", nil, regs_("%k", "%id", "%n"),
		&Choose{Dst: "%k", Lo: 2, Hi: 5},
		&Observe{Kind: ObsLabel, Name: "op"},
		&Observe{Kind: ObsInput, Name: "k", Val: Reg("%k")},
		asg("%id", OpThreadID),
		asg("%n", OpNumThreads),
		&Atomic{Body: blk(&Fence{Kind: FenceFull})},
	)}}
	res := runOK(t, p, "main", nil, InterpOptions{ThreadID: 1, NumThreads: 3})
	if !res.Results[0].Equal(Num(2)) || !res.Results[1].Equal(Num(1)) || !res.Results[2].Equal(Num(3)) {
		t.Errorf("results %v", res.Results)
	}
	if len(res.Observations) != 2 || res.Observations[0].Kind != ObsLabel || res.Observations[0].Name != "op" ||
		res.Observations[1].Name != "k" || !res.Observations[1].Val.Equal(Num(2)) {
		t.Errorf("observations %+v", res.Observations)
	}
	res = runOK(t, p, "main", nil, InterpOptions{Choose: func(lo, hi int64) int64 { return hi }})
	if !res.Results[0].Equal(Num(5)) {
		t.Errorf("choose with callback = %v", res.Results[0])
	}
	_, err := Run(p, "main", nil, InterpOptions{Choose: func(lo, hi int64) int64 { return 9 }})
	if err == nil {
		t.Error("a choice outside the range was accepted")
	}
}

func TestInterpPool(t *testing.T) {
	mk := func(stmts ...Stmt) *Program {
		return &Program{Globals: []*Global{{Name: "X"}}, Procs: []*Proc{proc("main", nil, nil, stmts...)}}
	}
	alloc := &Alloc{Dst: "%p", Kind: AllocPool}
	ok := mk(alloc, &Free{Ptr: Reg("%p"), Kind: AllocPool})
	if _, err := Run(ok, "main", nil, InterpOptions{}); err != nil {
		t.Errorf("malloc/free: %v", err)
	}
	bad := map[string]*Program{
		"free of a block that is not allocated (double free)": mk(alloc, &Free{Ptr: Reg("%p"), Kind: AllocPool}, &Free{Ptr: Reg("%p"), Kind: AllocPool}),
		"free of a pointer into the middle of a block":        mk(alloc, asg("%q", OpOffset, Reg("%p"), ir(0)), &Free{Ptr: Reg("%q"), Kind: AllocPool}),
		"free of a pointer that lsl_malloc did not return":    mk(&Free{Ptr: irp(1), Kind: AllocPool}),
		"free of a number value":                              mk(&Free{Ptr: ir(0), Kind: AllocFresh}),
	}
	for want, p := range bad {
		_, err := Run(p, "main", nil, InterpOptions{})
		var ie *InterpError
		if !errors.As(err, &ie) || ie.Msg != want {
			t.Errorf("got %v, want %q", err, want)
		}
	}
}

func TestInterpComposite(t *testing.T) {
	p := &Program{
		Composites: []*Composite{{Name: "mp", Fields: []string{"ptr", "marked"}}},
		Procs: []*Proc{proc("main", nil, regs_("%m", "%e"),
			&Assign{Dst: "%w", Op: OpMake, Comp: "mp", Args: []Operand{irp(3), ir(0)}},
			&Assign{Dst: "%w2", Op: OpSet, Comp: "mp", Field: "marked", Args: []Operand{Reg("%w"), ir(1)}},
			&Assign{Dst: "%m", Op: OpGet, Comp: "mp", Field: "marked", Args: []Operand{Reg("%w2")}},
			asg("%e", OpEq, Reg("%w"), Reg("%w2")),
		)},
	}
	res := runOK(t, p, "main", nil, InterpOptions{})
	if !res.Results[0].Equal(Num(1)) || !res.Results[1].Equal(Num(0)) {
		t.Errorf("results %v", res.Results)
	}
}

func TestInterpBreakOutOfNestedBlocks(t *testing.T) {
	// out: { in: { break out }; r := 1 }; r stays ⊥ then is set to 2.
	p := &Program{Procs: []*Proc{proc("main", nil, regs_("%r"),
		lblk("out", lblk("in", &Break{Label: "out"}), cp("%r", ir(1))),
		asg("%r2", OpCopy, Reg("%r")),
		cp("%r", ir(2)),
	)}}
	res := runOK(t, p, "main", nil, InterpOptions{})
	if !res.Results[0].Equal(Num(2)) {
		t.Errorf("r = %v", res.Results[0])
	}
	bad := &Program{Procs: []*Proc{proc("main", nil, nil, &Break{Label: "nowhere"})}}
	if _, err := Run(bad, "main", nil, InterpOptions{}); err == nil {
		t.Error("a break out of the procedure was accepted")
	}
}

// TestInterpStoreStatus: a store-conditional's status register is 0
// after the store.
func TestInterpStoreStatus(t *testing.T) {
	p := &Program{
		Globals: []*Global{{Name: "X"}},
		Procs: []*Proc{proc("main", nil, regs_("%st", "%x"),
			cp("%st", ir(9)),
			&Store{Addr: irp(1), Val: ir(4), Status: "%st", Tags: []string{"X"}},
			&Load{Dst: "%x", Addr: irp(1)},
		)},
	}
	res := runOK(t, p, "main", nil, InterpOptions{})
	if !res.Results[0].Equal(Num(0)) || !res.Results[1].Equal(Num(4)) {
		t.Errorf("status, value = %v, %v, want 0, 4", res.Results[0], res.Results[1])
	}
}
