package lsl

import (
	"path/filepath"
	"slices"
	"testing"

	"github.com/checkfence/checkfence/diag"
)

func TestSanityAcceptsTestdata(t *testing.T) {
	for _, file := range testdataFiles(t) {
		p := parseFile(t, file)
		if filepath.Base(file) == "unrolled.lsl" {
			for _, pr := range p.Procs {
				if err := SanityBlock(pr.Body, p, true); err != nil {
					t.Errorf("%s: %v", pr.Name, err)
				}
			}
			if err := Sanity(p); err == nil {
				t.Errorf("%s: Sanity accepted an unrolled program", file)
			}
			continue
		}
		if err := Sanity(p); err != nil {
			t.Errorf("%s: %v", file, err)
		}
	}
}

func TestSanityBlock(t *testing.T) {
	at := func(line int) diag.Pos { return diag.Pos{File: "s", Line: line, Col: 1} }
	one := func(s Stmt) *Block { return &Block{Stmts: []Stmt{s}, Pos: at(1)} }
	prog := &Program{
		Composites: []*Composite{{Name: "m", Fields: []string{"a", "b"}}},
		Procs:      []*Proc{{Name: "g", Params: []Reg{"%p"}, Body: &Block{}}},
	}
	reg := Reg("%r")
	c := func(v Value) Operand { return Const{V: v} }
	load := func(id int, line int) Stmt { return &Load{Dst: reg, Addr: c(Ptr(1)), ID: id, Pos: at(line)} }
	tests := []struct {
		name     string
		block    *Block
		unrolled bool
		want     string
	}{
		{"valid", &Block{Label: "l", Stmts: []Stmt{
			&Assign{Dst: reg, Op: OpMake, Comp: "m", Args: []Operand{reg, c(Num(1))}},
			&Assign{Dst: reg, Op: OpGet, Comp: "m", Field: "b", Args: []Operand{reg}},
			&If{Cond: reg, Then: &Block{Stmts: []Stmt{&Break{Label: "l"}}}, Else: &Block{}},
			&Spin{Label: "s", Body: one(&Continue{Label: "s"})},
			&Call{Proc: "g", Args: []Operand{reg}},
			&Observe{Kind: ObsLabel, Name: "op"},
		}}, false, ""},
		{"nil statement", &Block{Stmts: []Stmt{nil}, Pos: at(3)}, false, "s:3:1: nil statement in block"},
		{"tag-only fence", one(&Fence{Tags: []string{"DMB.ISH"}, Pos: at(2)}), false, ""},
		{"fence without kind or tag", one(&Fence{Pos: at(2)}), false, "s:2:1: invalid fence kind 0"},
		{"invalid tag", one(&Store{Addr: c(Ptr(1)), Val: c(Num(1)), Tags: []string{"a b"}, Pos: at(2)}), false, `s:2:1: invalid tag "a b"`},
		{"duplicate tag", one(&Load{Dst: reg, Addr: c(Ptr(1)), Tags: []string{"A", "A"}, Pos: at(2)}), false, "s:2:1: duplicate tag A"},
		{"if without then", one(&If{Cond: reg, Pos: at(2)}), false, "s:2:1: if without a block"},
		{"atomic without body", one(&Atomic{Pos: at(2)}), false, "s:2:1: atomic without a block"},
		{"spin without body", one(&Spin{Label: "x", Pos: at(2)}), false, "s:2:1: spin without a block"},
		{"spin without label", one(&Spin{Body: &Block{}, Pos: at(2)}), false, `s:2:1: invalid spin loop name ""`},
		{"labelled then", one(&If{Cond: reg, Then: &Block{Label: "x"}, Pos: at(2)}), false, "s:2:1: if block has label x"},
		{"label with value", one(&Observe{Kind: ObsLabel, Val: reg, Pos: at(2)}), false, "s:2:1: observe label with a value"},
		{"output without value", one(&Observe{Kind: ObsOutput, Pos: at(2)}), false, "s:2:1: observe output without a value"},
		{"bad observation", one(&Observe{Kind: 7, Pos: at(2)}), false, "s:2:1: invalid observation kind 7"},
		{"arity", one(&Assign{Dst: reg, Op: OpAdd, Args: []Operand{reg}, Pos: at(2)}), false, "s:2:1: add takes 2 arguments, has 1"},
		{"make arity", one(&Assign{Dst: reg, Op: OpMake, Comp: "m", Pos: at(2)}), false, "s:2:1: make_m takes 2 arguments, has 0"},
		{"unknown composite", one(&Assign{Dst: reg, Op: OpGet, Comp: "n", Field: "a", Args: []Operand{reg}, Pos: at(2)}), false,
			`s:2:1: get of unknown composite "n"`},
		{"unknown field", one(&Assign{Dst: reg, Op: OpSet, Comp: "m", Field: "c", Args: []Operand{reg, reg}, Pos: at(2)}), false,
			`s:2:1: composite m has no field "c"`},
		{"stray composite name", one(&Assign{Dst: reg, Op: OpCopy, Comp: "m", Args: []Operand{reg}, Pos: at(2)}), false,
			"s:2:1: copy with composite or field name"},
		{"invalid op", one(&Assign{Dst: reg, Op: 0, Pos: at(2)}), false, "s:2:1: invalid basic function 0"},
		{"missing operand", one(&Load{Dst: reg, Pos: at(2)}), false, "s:2:1: missing operand"},
		{"empty register", one(&Choose{Pos: at(2)}), false, `s:2:1: invalid register name ""`},
		{"empty choice", one(&Choose{Dst: reg, Lo: 2, Hi: 1, Pos: at(2)}), false, "s:2:1: empty choice range 2 .. 1"},
		{"break to unknown label", one(&Break{Label: "x", Pos: at(2)}), false, "s:2:1: break to x, which is not an enclosing label"},
		{"break to spin", one(&Spin{Label: "x", Body: one(&Break{Label: "x", Pos: at(3)}), Pos: at(2)}), false,
			"s:3:1: break to spin loop x"},
		{"continue to unknown label", one(&Continue{Label: "x", Pos: at(2)}), false,
			"s:2:1: continue to x, which is not an enclosing label"},
		{"shadowed label", &Block{Label: "x", Stmts: []Stmt{&Block{Label: "x", Pos: at(3)}}}, false,
			"s:3:1: label x shadows an enclosing label"},
		{"label reused by siblings", &Block{Stmts: []Stmt{&Block{Label: "x"}, &Block{Label: "x"}}}, false, ""},
		{"bad fence", one(&Fence{Kind: 0, Pos: at(2)}), false, "s:2:1: invalid fence kind 0"},
		{"bad alloc", one(&Alloc{Dst: reg, Kind: 9, Pos: at(2)}), false, "s:2:1: invalid allocation kind 9"},
		{"free local", one(&Free{Ptr: reg, Kind: AllocLocal, Pos: at(2)}), false, "s:2:1: invalid free kind local"},
		{"id before unrolling", one(&Fence{Kind: FenceFull, ID: 3, Pos: at(2)}), false,
			"s:2:1: fence has id 3 in a program that is not unrolled"},
		{"pruned before unrolling", one(&Pruned{Loop: "l", Pos: at(2)}), false, "s:2:1: pruned in a program that is not unrolled"},
		{"pointer without base", one(&Assume{Cond: c(Value{Kind: KPtr}), Pos: at(2)}), false, "s:2:1: pointer constant without a base"},
		{"constant of unknown composite", one(&Assert{Cond: c(Comp("n")), Pos: at(2)}), false,
			"s:2:1: constant of unknown composite n"},
		{"constant with wrong field count", one(&Assert{Cond: c(Comp("m", Num(1))), Pos: at(2)}), false,
			"s:2:1: constant of composite m has 1 fields, want 2"},
		{"nested composite constant", one(&Assert{Cond: c(Comp("m", Num(1), Comp("m", Num(1), Num(2)))), Pos: at(2)}), false,
			"s:2:1: composite constant m holds a composite"},
		{"bad constant", one(&Free{Kind: AllocFresh, Ptr: c(Value{Kind: 8}), Pos: at(2)}), false, "s:2:1: constant of invalid kind 8"},
		{"call arity", one(&Call{Proc: "g", Pos: at(2)}), false, "s:2:1: g takes 1 argument, got 0"},
		{"unknown procedure", one(&Call{Proc: "h", Pos: at(2)}), false, "s:2:1: call to unknown procedure h"},

		{"valid unrolled", &Block{Stmts: []Stmt{
			load(1, 1), &Store{Addr: reg, Val: reg, ID: 2}, &Fence{Kind: FenceFull, ID: 3},
			&Spin{Label: "s", Body: one(&Continue{Label: "s"})}, &Pruned{Loop: "l"},
			&Free{Kind: AllocFresh, Ptr: reg},
		}}, true, ""},
		{"call when unrolled", one(&Call{Proc: "g", Args: []Operand{reg}, Pos: at(2)}), true, "s:2:1: call g in an unrolled program"},
		{"alloc when unrolled", one(&Alloc{Dst: reg, Kind: AllocPool, Pos: at(2)}), true, "s:2:1: alloc pool in an unrolled program"},
		{"threadid when unrolled", one(&Assign{Dst: reg, Op: OpThreadID, Pos: at(2)}), true,
			"s:2:1: threadid in an unrolled program"},
		{"missing id", one(&Store{Addr: reg, Val: reg, Pos: at(2)}), true, "s:2:1: store without an instruction id"},
		{"duplicate id", &Block{Stmts: []Stmt{load(4, 2), &If{Cond: reg, Then: one(load(4, 3))}}}, true,
			"s:3:1: duplicate instruction id 4 (also used at s:2:1)"},
		{"loop when unrolled", &Block{Label: "l", Stmts: []Stmt{&Continue{Label: "l", Pos: at(2)}}}, true,
			"s:2:1: loop continue l in an unrolled program"},
		{"several errors", &Block{Stmts: []Stmt{&Choose{Dst: reg, Lo: 1, Hi: 0, Pos: at(3)}, &Break{Label: "y", Pos: at(2)}}}, false,
			"s:2:1: break to y, which is not an enclosing label\ns:3:1: empty choice range 1 .. 0"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := SanityBlock(tt.block, prog, tt.unrolled)
			got := ""
			if err != nil {
				got = err.Error()
			}
			if got != tt.want {
				t.Errorf("got  %q\nwant %q", got, tt.want)
			}
		})
	}
}

func TestSanityDeclarations(t *testing.T) {
	p := &Program{
		Structs:    []*Struct{{Name: "s", Fields: []Field{{Name: "a"}, {Name: "a"}}}},
		Composites: []*Composite{{Name: "m", Fields: []string{"x", "x"}}},
		Globals:    []*Global{{Name: "g", Init: []CellInit{{Val: Comp("q")}}}},
		Procs: []*Proc{
			{Name: "f", Params: []Reg{"%a", "%a"}, Body: &Block{}},
			{Name: "h"},
			{Name: "h", Body: &Block{}},
			{Name: "2f", Params: []Reg{"x"}, Body: &Block{Label: "a-b"}},
		},
	}
	want := "duplicate procedure h (previous declaration at -)\n" +
		"duplicate field a in struct s\n" +
		"duplicate field x in composite m\n" +
		"constant of unknown composite q\n" +
		"duplicate parameter %a in procedure f\n" +
		"procedure h has no body\n" +
		"invalid procedure name \"2f\"\n" +
		"invalid register name \"x\"\n" +
		"invalid label name \"a-b\""
	err := Sanity(p)
	if err == nil || err.Error() != want { // the text names each declaration
		t.Errorf("got\n%v\nwant\n%s", err, want)
	}
	d, u := diag.CodeDuplicateDecl, diag.CodeInvalidName
	wantCodes := []diag.ErrorCode{d, d, d, diag.CodeUndeclared, d, diag.CodeUndefined, u, u, u}
	if got := diag.Codes(err); !slices.Equal(got, wantCodes) {
		t.Errorf("codes %v, want %v", got, wantCodes)
	}
}

func TestSanityNilBlock(t *testing.T) {
	if err := SanityBlock(nil, nil, true); err == nil || err.Error() != "nil block" {
		t.Errorf("got %v, want nil block", err)
	}
}
