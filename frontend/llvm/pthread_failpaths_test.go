package llvmfront

import (
	"strings"
	"testing"

	"github.com/checkfence/checkfence/lsl"
)

// TestFailFirst: failFirst moves a failure that follows an if into the
// branches that fall through to it, and puts the statements of the branch
// beside an always-failing one after the if; it leaves ifs whose branches
// break (a return) as they are.
func TestFailFirst(t *testing.T) {
	cases := []struct{ name, in, want string }{
		{"short-circuit abort",
			`if %a { } else { if %b { } else { store @X, 1  break ret } }  abort "abort()"`,
			`if %a { abort "abort()" } if %b { abort "abort()" } store @X, 1 break ret`},
		{"failing then",
			`if %a { assert 0 "error" } else { store @X, 1 }  store @Y, 2`,
			`if %a { assert 0 "error" } store @X, 1 store @Y, 2`},
		{"failing else",
			`if %a { store @X, 1 } else { abort "abort()" }`,
			`if %a { } else { abort "abort()" } store @X, 1`},
		{"a break is no failure",
			`if %a { break ret } else { store @X, 1 }  store @Y, 2`,
			`if %a { break ret } else { store @X, 1 } store @Y, 2`},
		{"a failure that is not last",
			`if %a { } else { store @X, 1 }  abort "abort()"  store @Y, 2`,
			`if %a { } else { store @X, 1 } abort "abort()" store @Y, 2`},
	}
	for _, c := range cases {
		body := parseBody(t, c.in)
		got := flat(failFirst(body.Stmts))
		want := flat(parseBody(t, c.want).Stmts)
		if got != want {
			t.Errorf("%s:\n got %s\nwant %s", c.name, got, want)
		}
	}
}

// parseBody parses stmts as the body of a procedure with a return label.
func parseBody(t *testing.T, stmts string) *lsl.Block {
	t.Helper()
	src := "global X\nglobal Y\nproc p(%a, %b) {\n ret: { " + stmts + " }\n}\n"
	p, err := lsl.Parse("p.lsl", []byte(src))
	if err != nil {
		t.Fatalf("%s: %v", stmts, err)
	}
	return p.Procs[0].Body.Stmts[0].(*lsl.Block)
}

// flat prints statements on one line, for comparing shapes.
func flat(stmts []lsl.Stmt) string {
	var parts []string
	for _, s := range stmts {
		parts = append(parts, strings.Join(strings.Fields(lsl.FormatStmt(s, nil)), " "))
	}
	return strings.Join(parts, " ")
}

// TestHoistThreadOps: the thread operations at the start of a labeled
// block move in front of it, as far as nothing before them can leave
// the block; a loop keeps them.
func TestHoistThreadOps(t *testing.T) {
	create := func() lsl.Stmt { return &lsl.Call{Proc: createMarker} }
	join := func() lsl.Stmt { return &lsl.Call{Proc: joinMarker} }
	leave := &lsl.If{Cond: lsl.Reg("%c"), Then: &lsl.Block{Stmts: []lsl.Stmt{&lsl.Break{Label: "b"}}}}
	fail := &lsl.Assert{Cond: num(0), Msg: "error"}
	f := &fn{}
	cases := []struct {
		name string
		in   []lsl.Stmt
		want string
	}{
		{"wrapped", []lsl.Stmt{&lsl.Block{Label: "b", Stmts: []lsl.Stmt{create(), join(), leave, fail}}},
			"create join b:{if assert}"},
		{"nested", []lsl.Stmt{&lsl.Block{Label: "b", Stmts: []lsl.Stmt{&lsl.Block{Label: "c", Stmts: []lsl.Stmt{create(), join(), leave}}, fail}}},
			"create join b:{c:{if} assert}"},
		{"a leaving statement first", []lsl.Stmt{&lsl.Block{Label: "b", Stmts: []lsl.Stmt{leave, create(), join()}}},
			"b:{if create join}"},
		{"a loop", []lsl.Stmt{&lsl.Block{Label: "b", Stmts: []lsl.Stmt{create(), &lsl.Continue{Label: "b"}}}},
			"b:{create continue}"},
	}
	for _, c := range cases {
		if got := shape(f.hoistThreadOps(c.in)); got != c.want {
			t.Errorf("%s: got %s, want %s", c.name, got, c.want)
		}
	}
}

// shape names statements by kind, blocks with their label and contents.
func shape(stmts []lsl.Stmt) string {
	var parts []string
	for _, s := range stmts {
		switch x := s.(type) {
		case *lsl.Block:
			parts = append(parts, x.Label+":{"+shape(x.Stmts)+"}")
		case *lsl.Call:
			parts = append(parts, map[string]string{createMarker: "create", joinMarker: "join"}[x.Proc])
		case *lsl.If:
			parts = append(parts, "if")
		case *lsl.Assert:
			parts = append(parts, "assert")
		case *lsl.Continue:
			parts = append(parts, "continue")
		default:
			parts = append(parts, "?")
		}
	}
	return strings.Join(parts, " ")
}
