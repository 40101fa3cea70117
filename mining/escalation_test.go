package mining

import (
	"testing"

	"github.com/checkfence/checkfence/encode/sat"
	"github.com/checkfence/checkfence/internal/gini/logic"
)

// A concurrent encoding that answered on CaDiCaL under --solver auto makes
// the later concurrent encodings of the check start on CaDiCaL; a serial
// one, or any encoding under an explicit --solver, changes nothing; and
// under --solver auto a serial encoding never starts on CaDiCaL by size.
func TestLaterRoundsStartOnCadical(t *testing.T) {
	if !sat.CadicalCompiled() {
		t.Skip("built without CaDiCaL (-tags cadical)")
	}
	onCadical := func(serial bool) *problem {
		return &problem{s: sat.NewSolverWith(logic.NewC(), sat.SolverOptions{Backend: sat.Cadical}), serial: serial}
	}
	onGini := &problem{s: sat.NewSolverWith(logic.NewC(), sat.SolverOptions{Backend: sat.Gini})}
	for _, c := range []struct {
		name    string
		backend sat.Backend
		seen    []*problem
		want    sat.Backend // of the next concurrent encoding
	}{
		{"nothing solved yet", sat.Auto, nil, sat.Auto},
		{"answered on gini", sat.Auto, []*problem{onGini}, sat.Auto},
		{"moved to CaDiCaL", sat.Auto, []*problem{onGini, onCadical(false)}, sat.Cadical},
		{"a serial encoding on CaDiCaL", sat.Auto, []*problem{onCadical(true)}, sat.Auto},
		{"--solver gini", sat.Gini, []*problem{onCadical(false)}, sat.Gini},
		{"--solver portfolio", sat.Portfolio, []*problem{onCadical(false)}, sat.Portfolio},
	} {
		k := &checker{opt: Options{Solver: sat.SolverOptions{Backend: c.backend}}}
		for _, p := range c.seen {
			k.noteBackend(p)
		}
		if got := k.solverOptions(false).Backend; got != c.want {
			t.Errorf("%s: the next concurrent encoding starts on %q, want %q", c.name, got, c.want)
		}
		if got := k.solverOptions(true).Backend; got != c.backend {
			t.Errorf("%s: the next serial encoding starts on %q, want %q", c.name, got, c.backend)
		}
		// the size rule is for concurrent encodings only
		wantSerial := 0
		if c.backend == sat.Auto {
			wantSerial = -1
		}
		if got := k.solverOptions(true).EscalateClauses; got != wantSerial {
			t.Errorf("%s: a serial encoding's size limit %d, want %d", c.name, got, wantSerial)
		}
		if got := k.solverOptions(false).EscalateClauses; got != 0 {
			t.Errorf("%s: a concurrent encoding's size limit %d, want the default", c.name, got)
		}
	}
}
