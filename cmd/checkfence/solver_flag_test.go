package main

import (
	"strings"
	"testing"

	"github.com/checkfence/checkfence/encode/sat"
)

// TestSolverFlag runs every command that solves with each --solver value:
// the backends of this build give the usual verdicts, the others are usage
// errors that say how to build with CaDiCaL.
func TestSolverFlag(t *testing.T) {
	commands := []struct {
		name string
		args []string
		code int // with a working solver
	}{
		{"run", []string{"run", "testdata/sb.lsl", "testdata/sb.tst", "--model", "relaxed", "-q"}, exitFail},
		{"mine", []string{"mine", "testdata/sb.lsl", "testdata/sb.tst"}, exitPass},
		{"fences", []string{"fences", "testdata/sb.lsl", "testdata/sb.tst", "--model", "sc"}, exitPass},
		{"litmus", []string{"litmus", "../../frontend/litmus/testdata/x86/MP.litmus", "-q"}, exitPass},
	}
	for _, c := range commands {
		for _, solver := range []string{"auto", "gini", "cadical", "portfolio", "minisat"} {
			code, out, errs := runCLI(append(c.args, "--solver", solver)...)
			_, parseErr := sat.ParseBackend(solver)
			switch {
			case parseErr == nil && code != c.code:
				t.Errorf("%s --solver %s: exit %d, want %d\nstdout:\n%s\nstderr:\n%s", c.name, solver, code, c.code, out, errs)
			case parseErr != nil && (code != exitUsage || !strings.Contains(errs, parseErr.Error())):
				t.Errorf("%s --solver %s: exit %d, stderr %q; want exit 2 and %q", c.name, solver, code, errs, parseErr)
			}
		}
	}
	if _, err := sat.ParseBackend("cadical"); (err != nil) == sat.CadicalCompiled() || (err != nil && !strings.Contains(err.Error(), "-tags cadical")) {
		t.Errorf("--solver cadical with CaDiCaL compiled in %v: %v", sat.CadicalCompiled(), err)
	}
}

func TestVersionSaysSolvers(t *testing.T) {
	code, out, _ := runCLI("version")
	want := "SAT solvers: gini (pure Go); CaDiCaL not compiled in"
	if sat.CadicalCompiled() {
		want = "SAT solvers: gini (pure Go), cadical (cadical-"
	}
	if code != exitPass || !strings.Contains(out, want) {
		t.Errorf("checkfence version: exit %d, output %q; want %q", code, out, want)
	}
}
