package mining

import (
	"testing"

	"github.com/checkfence/checkfence/encode"
	"github.com/checkfence/checkfence/internal/gini/logic"
)

// A concurrent encoding that answered on CaDiCaL under --solver auto makes
// the later concurrent encodings of the check start on CaDiCaL; a serial
// one, or any encoding under an explicit --solver, changes nothing.
func TestLaterRoundsStartOnCadical(t *testing.T) {
	if !encode.CadicalCompiled() {
		t.Skip("built without CaDiCaL (-tags cadical)")
	}
	onCadical := func(serial bool) *problem {
		return &problem{s: encode.NewSolverWith(logic.NewC(), encode.SolverOptions{Backend: encode.Cadical}), serial: serial}
	}
	onGini := &problem{s: encode.NewSolverWith(logic.NewC(), encode.SolverOptions{Backend: encode.Gini})}
	for _, c := range []struct {
		name    string
		backend encode.Backend
		seen    []*problem
		want    encode.Backend // of the next concurrent encoding
	}{
		{"nothing solved yet", encode.Auto, nil, encode.Auto},
		{"answered on gini", encode.Auto, []*problem{onGini}, encode.Auto},
		{"moved to CaDiCaL", encode.Auto, []*problem{onGini, onCadical(false)}, encode.Cadical},
		{"a serial encoding on CaDiCaL", encode.Auto, []*problem{onCadical(true)}, encode.Auto},
		{"--solver gini", encode.Gini, []*problem{onCadical(false)}, encode.Gini},
		{"--solver portfolio", encode.Portfolio, []*problem{onCadical(false)}, encode.Portfolio},
	} {
		k := &checker{opt: Options{Solver: encode.SolverOptions{Backend: c.backend}}}
		for _, p := range c.seen {
			k.noteBackend(p)
		}
		if got := k.solverOptions(false).Backend; got != c.want {
			t.Errorf("%s: the next concurrent encoding starts on %q, want %q", c.name, got, c.want)
		}
		if got := k.solverOptions(true).Backend; got != c.backend {
			t.Errorf("%s: the next serial encoding starts on %q, want %q", c.name, got, c.backend)
		}
	}
}
