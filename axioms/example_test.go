package axioms

import (
	"os"
	"testing"
)

const examplePath = "../docs/examples/relaxed-noforward.mm"

func exampleModel(t testing.TB) *Model {
	t.Helper()
	src, err := os.ReadFile(examplePath)
	if err != nil {
		t.Fatal(err)
	}
	m, err := Parse(examplePath, src)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestDocsExample checks the verdicts docs/models.md claims for the worked
// example: removing store-load forwarding forbids the execution of
// Fig. 3.4 but still allows store buffering (SB).
func TestDocsExample(t *testing.T) {
	noforward := exampleModel(t)
	relaxed := mustBuiltin(t, "relaxed")
	cases := []struct {
		name, desc                string
		relaxedAllows, noFwdAllow bool
	}{
		{"Fig 3.4", "st X 1; f ss; st Y 1 | st Y 2; ld Y 2; f ll; ld X 0 | final: ld Y 2", true, false},
		{"SB", "st X 1; ld Y 0 | st Y 1; ld X 0", true, true},
		{"read own write", "st X 1; ld X 1", true, true},
		{"miss own write", "st X 1; ld X 0", false, false},
	}
	for _, c := range cases {
		for _, mc := range []struct {
			m     *Model
			allow bool
		}{{relaxed, c.relaxedAllows}, {noforward, c.noFwdAllow}} {
			if got := bruteAllowed(mc.m, litmus(c.desc)); got != mc.allow {
				t.Errorf("%s on %s: brute force allowed=%v, want %v", c.name, mc.m.Name, got, mc.allow)
			}
			for _, opts := range allOptions {
				if got := satisfiable(t, mc.m, litmus(c.desc), opts); got != mc.allow {
					t.Errorf("%s on %s (%v/%v): allowed=%v, want %v", c.name, mc.m.Name, opts.Encoding, opts.Transitivity, got, mc.allow)
				}
			}
		}
	}
}
