package tests

import (
	"fmt"
	"maps"
	"slices"
	"testing"

	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/mining"
	"github.com/checkfence/checkfence/tests/datatypes"
)

// TestSimulationOnDataTypes compares the check of a test whose bounds are
// raised to those random runs need (mining/sizing_simulation_tst.go) with the plain lazy
// unrolling (--simulate=false), on the fast rows of datatypes/expected.csv:
// the same verdict and reason, a real counterexample, and on a PASS final
// bounds at least the plain driver's: the runs only add bounds, and from
// any start the rounds raise what a cut-off execution needs. (They ended
// higher on 6 rows until 2026-11-23: whole runs saw the loop instances
// that fair progress then hid from the lazy unrolling by deleting a cycle
// that stores from a cut-off execution; since the fix both end at the
// same bounds on every row.) Both checks leave a new iteration's inner
// loops at bound 1 (mining.Options.NoInheritInner): a bound inherited in
// one sequence of rounds is not one some execution needs, so it would
// make the final bounds incomparable.
func TestSimulationOnDataTypes(t *testing.T) {
	c := compareOnDataTypes(t, "simulation", func(o *mining.Options, simulate bool) {
		o.NoSimulation = !simulate
		o.NoInheritInner = true
	})
	// the comparison means something only if the runs spared some rounds
	// (3 rows when this was written, 8 since fair progress keeps the
	// cut-offs after a cycle that stores)
	if c.saved < 2 {
		t.Errorf("the simulation spared rounds on %d rows and ended higher on %d", c.saved, c.higher)
	}
	t.Logf("rounds spared on %d rows; final bounds higher on %d", c.saved, c.higher)
}

// rowComparison counts, over the rows compareOnDataTypes checked, those
// where the check with the option on took fewer rounds (saved) or more
// (more), and the PASS rows where it ended at higher bounds (higher).
type rowComparison struct{ saved, more, higher int }

// compareOnDataTypes checks every fast row of datatypes/expected.csv with
// an option off and on (adjust sets it): the same verdict and reason, real
// counterexamples, and on a PASS final bounds with it on at least those
// with it off.
func compareOnDataTypes(t *testing.T, name string, adjust func(o *mining.Options, on bool)) rowComparison {
	t.Helper()
	programs := map[string]*datatypes.Program{}
	var c rowComparison
	for _, row := range driverRows(t) {
		t.Run(row.String(), func(t *testing.T) {
			p, test := rowProgram(t, programs, row)
			run := func(on bool) *mining.Result {
				t.Helper()
				return checkRowReal(t, p, test, row, fmt.Sprintf("%s=%v", name, on), func(o *mining.Options) { adjust(o, on) })
			}
			off, on := run(false), run(true)
			if on.Verdict != off.Verdict || on.Reason != off.Reason {
				t.Fatalf("with %s: %s %s (%s); without: %s %s (%s)", name, on.Verdict, on.Reason, on.Message,
					off.Verdict, off.Reason, off.Message)
			}
			if on.Stats.Rounds < off.Stats.Rounds {
				c.saved++
			}
			if on.Stats.Rounds > off.Stats.Rounds {
				c.more++
			}
			if off.Verdict == mining.Pass {
				for key, b := range raisedBounds(off.Bounds) {
					if on.Bounds[key] < b {
						t.Errorf("loop %s: final bound %d with %s, %d without", key, on.Bounds[key], name, b)
					}
				}
				if !maps.Equal(raisedBounds(on.Bounds), raisedBounds(off.Bounds)) {
					c.higher++
				}
			}
		})
	}
	return c
}

// raisedBounds drops the bounds of one, which an absent key means too.
func raisedBounds(b lsl.Bounds) lsl.Bounds {
	out := lsl.Bounds{}
	for k, v := range b {
		if v > 1 {
			out[k] = v
		}
	}
	return out
}

// TestSimulationWaitsAfterTinyRound: after a first round with a cut-off
// execution the runs come at once, unless that round's formula was tiny
// (mining/sizing_simulation_tst.go, simAfterClauses): msn T0's first round has about
// 1,200 clauses and its check runs no simulation (its second round
// passes), Tpc2's has about 4,800 and the runs come before round 2.
func TestSimulationWaitsAfterTinyRound(t *testing.T) {
	for _, c := range []struct {
		test     string
		simulate bool
	}{{"T0", false}, {"Tpc2", true}} {
		t.Run(c.test, func(t *testing.T) {
			row := datatypes.Row{Datatype: "msn", Variant: "fenced", Test: c.test, Model: "relaxed", Verdict: mining.Pass}
			p, test := rowProgram(t, nil, row)
			var phases []string
			r := checkRowReal(t, p, test, row, "progress", func(o *mining.Options) {
				o.Progress = func(pr mining.Progress) {
					phases = append(phases, fmt.Sprintf("%s %d", pr.Phase, pr.Round))
				}
			})
			if r.Verdict != mining.Pass || r.Stats.Rounds != 2 {
				t.Fatalf("%s in %d rounds, want PASS in 2", r.Verdict, r.Stats.Rounds)
			}
			simulated := slices.Contains(phases, "simulate 2")
			if simulated != c.simulate || slices.Contains(phases, "simulate 1") {
				t.Errorf("phases %v: simulation before round 2 %v, want %v (and none before round 1)", phases, simulated, c.simulate)
			}
		})
	}
}
