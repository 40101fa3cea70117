package sat

import (
	"context"
	"io"
	"os"
	"syscall"
	"testing"

	"github.com/checkfence/checkfence/internal/gini/logic"
)

// TestBackendsWriteNothing runs each backend through a sequence on which
// CaDiCaL, unless told to be quiet, prints "c found falsified original
// clause" on the process's stdout, which is checkfence's output.
func TestBackendsWriteNothing(t *testing.T) {
	eachBackend(t, func(t *testing.T, newSolver func(*logic.C) *Solver) {
		r, w, err := os.Pipe()
		if err != nil {
			t.Fatal(err)
		}
		saved, err := syscall.Dup(1)
		if err != nil {
			t.Fatal(err)
		}
		if err := syscall.Dup2(int(w.Fd()), 1); err != nil {
			t.Fatal(err)
		}
		c := logic.NewC()
		x := c.Lit()
		s := newSolver(c)
		s.Assert(x, pigeonhole(c, 5, 4).Not())
		first := s.Solve(context.Background())
		s.AddClause(x.Not()) // falsified at the root: x is a unit
		second := s.Solve(context.Background())
		flushCStdout()
		syscall.Dup2(saved, 1)
		syscall.Close(saved)
		w.Close()
		out, _ := io.ReadAll(r)
		if first != Sat || second != Unsat {
			t.Errorf("answers %v, %v; want sat, unsat", first, second)
		}
		if len(out) > 0 {
			t.Errorf("the solver wrote to stdout: %q", out)
		}
	})
}
