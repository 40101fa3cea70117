package diff

import (
	"context"
	"testing"
	"time"
)

// TestDiffRowSymmetry: whole programs whose threads run one procedure
// with a different row argument, against the reference checker on every
// built-in .mm model. Where the argument only chooses the cells the
// thread's stores write (rows), the threads keep it and the final thread
// permutes the rows (encode/rowsym.go); the final checks here depend on
// which row holds what (a ticket in row 0, rows in order), so a rewriting
// that lost or invented an execution would show. The cases that break a
// condition of the rewriting (the thread reads a row, stores its
// argument, branches on it, shares a row, reaches the array otherwise)
// must be left to the other rewriting or none, with the same verdicts.
func TestDiffRowSymmetry(t *testing.T) {
	const ticket = `atomic { %x := load @Y  %y := add(%x, 1)  store @Y, %y }  `
	cases := []struct {
		name                       string
		globals, work, final, args string
		rows                       bool // the class keeps its rows
	}{
		{"row 0 never holds the last ticket", "global A : int[3]\nglobal Y",
			ticket + `%p := offset(@A, %k)  store %p, %x`,
			`%p := offset(@A, 0)  %a := load %p  %ok := ne(%a, 2)  assert %ok "row 0 took the last ticket"`, "0,1,2", true},
		{"the tickets sum to 3", "global A : int[3]\nglobal Y",
			ticket + `%p := offset(@A, %k)  store %p, %x`,
			`%p := offset(@A, 0)  %a := load %p  %q := offset(@A, 1)  %b := load %q  %r := offset(@A, 2)  %c := load %r
			 %s := add(%a, %b)  %s2 := add(%s, %c)  %ok := eq(%s2, 3)  assert %ok "sum"`, "0,1,2", true},
		{"rows in ticket order", "global A : int[3]\nglobal Y",
			ticket + `%p := offset(@A, %k)  store %p, %x`,
			`%p := offset(@A, 0)  %a := load %p  %q := offset(@A, 2)  %b := load %q  %ok := lt(%a, %b)  assert %ok "order"`, "0,1,2", true},
		{"rows of two cells", "global A : int[6]\nglobal Y",
			ticket + `%i := mul(%k, 2)  %p := offset(@A, %i)  store %p, %x  %j := add(%i, 1)  %q := offset(@A, %j)  store %q, 1`,
			`%p := offset(@A, 3)  %a := load %p  %ok := eq(%a, 1)  assert %ok "flag"  %q := offset(@A, 2)  %b := load %q  %ok2 := ne(%b, 0)  assert %ok2 "row 1 took the first ticket"`, "0,1,2", true},
		// a ticket, then a loop that writes it and its successor: the
		// row cell is the loop counter's, a constant in each unrolled
		// iteration
		{"row 0 never holds the last ticket, written in a loop", "global A : int[6]\nglobal Y",
			ticket + `%i := 0  l: { %c := lt(%i, 2)  if %c { %j := mul(%k, 2)  %m := add(%j, %i)  %p := offset(@A, %m)  %v := add(%x, %i)  store %p, %v  %i := add(%i, 1)  continue l } }`,
			`%p := offset(@A, 0)  %a := load %p  %ok := ne(%a, 2)  assert %ok "row 0 took the last ticket"`, "0,1,2", true},
		{"each row in order, written in a loop", "global A : int[6]\nglobal Y",
			ticket + `%i := 0  l: { %c := lt(%i, 2)  if %c { %j := mul(%k, 2)  %m := add(%j, %i)  %p := offset(@A, %m)  %v := add(%x, %i)  store %p, %v  %i := add(%i, 1)  continue l } }`,
			`%p := offset(@A, 2)  %a := load %p  %q := offset(@A, 3)  %b := load %q  %ok := lt(%a, %b)  assert %ok "row 1 in order"`, "0,1,2", true},
		{"rows that start apart", "global A : int[3] { 2 = 7 }\nglobal Y",
			ticket + `%p := offset(@A, %k)  store %p, %x`,
			`%p := offset(@A, 2)  %a := load %p  %ok := ne(%a, 7)  assert %ok "row 2 kept its start"`, "0,1,2", false},
		{"the thread reads its row", "global A : int[3]\nglobal Y",
			ticket + `%p := offset(@A, %k)  store %p, %x  %v := load %p  %ok := eq(%v, %x)  assert %ok "own row"`,
			`%p := offset(@A, 1)  %a := load %p  %ok := ne(%a, 0)  assert %ok "row 1 took the first ticket"`, "0,1,2", false},
		{"the thread stores its argument", "global A : int[3]\nglobal Y",
			ticket + `%p := offset(@A, %x)  store %p, %k`,
			`%p := offset(@A, 0)  %a := load %p  %ok := ne(%a, 2)  assert %ok "the third thread took the first ticket"`, "0,1,2", false},
		{"the thread branches on its argument", "global A : int[3]\nglobal Y",
			ticket + `%b := eq(%k, 0)  if %b { store @Y, 5 }  %p := offset(@A, %k)  store %p, %x`,
			`%y := load @Y  %ok := ne(%y, 5)  assert %ok "thread 0 went last"`, "0,1,2", false},
		{"two threads share a row", "global A : int[3]\nglobal Y",
			ticket + `%p := offset(@A, %k)  store %p, %x`,
			`%p := offset(@A, 0)  %a := load %p  %ok := ne(%a, 1)  assert %ok "row 0 holds 1"`, "0,0,1", false},
		{"the thread reads another row", "global A : int[3]\nglobal Y",
			ticket + `%p := offset(@A, %k)  store %p, %x  %q := offset(@A, 0)  %v := load %q  %ok := le(%v, %x)  assert %ok "row 0"`,
			`%p := offset(@A, 0)  %a := load %p  %ok := ne(%a, 2)  assert %ok "row 0 took the last ticket"`, "0,1,2", false},
	}
	for _, pc := range cases {
		t.Run(pc.name, func(t *testing.T) {
			t.Parallel()
			c, e := workersEncoding(t, pc.name, pc.globals, pc.work, pc.final, pc.args)
			if got := len(e.RowClasses()) == 1; got != pc.rows {
				t.Errorf("classes keeping their rows: %v, want one: %v", e.RowClasses(), pc.rows)
			}
			if pc.rows && len(e.SymmetricThreads()) != 1 {
				t.Errorf("identical threads: %v, want the class", e.SymmetricThreads())
			}
			rep := Compare(context.Background(), c, Config{Encodings: Encodings[1:2], Verdicts: true, Timeout: time.Minute})
			if rep.Skipped != "" {
				t.Errorf("the reference declined: %s", rep.Skipped)
			}
			for _, d := range rep.Disagreements {
				t.Errorf("%v", d)
			}
			t.Logf("the reference's verdicts %v", rep.Verdicts)
		})
	}
}
