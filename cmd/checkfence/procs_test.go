package main

import (
	"runtime"
	"testing"

	"github.com/checkfence/checkfence/encode/sat"
)

// TestOneProc: checking runs on one processor and restores the setting
// after; GOMAXPROCS in the environment and --solver portfolio keep every
// processor.
func TestOneProc(t *testing.T) {
	prev := runtime.GOMAXPROCS(0)
	if prev < 2 {
		runtime.GOMAXPROCS(2)
		defer runtime.GOMAXPROCS(prev)
	}
	before := runtime.GOMAXPROCS(0)
	cases := []struct {
		name string
		env  string
		opt  sat.SolverOptions
		want int
	}{
		{"auto", "", sat.SolverOptions{}, 1},
		{"gini", "", sat.SolverOptions{Backend: sat.Gini}, 1},
		{"portfolio", "", sat.SolverOptions{Backend: sat.Portfolio}, before},
		{"environment", "2", sat.SolverOptions{}, before},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Setenv("GOMAXPROCS", c.env)
			restore := oneProc(c.opt)
			if got := runtime.GOMAXPROCS(0); got != c.want {
				t.Errorf("GOMAXPROCS %d while checking, want %d", got, c.want)
			}
			restore()
			if got := runtime.GOMAXPROCS(0); got != before {
				t.Errorf("GOMAXPROCS %d after, want %d again", got, before)
			}
		})
	}
}
