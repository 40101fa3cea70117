package main

import (
	"testing"

	"github.com/checkfence/checkfence/mining"
	"github.com/checkfence/checkfence/synth"
)

// TestRoundLine: a round's line says what its clause rules out, and an
// INCONCLUSIVE round that teaches nothing says why the search stops.
func TestRoundLine(t *testing.T) {
	for _, c := range []struct {
		r    synth.Round
		want string
	}{
		{synth.Round{N: 1}, "round 1: no fences: every test passes"},
		{synth.Round{N: 2, Test: "T2", Verdict: mining.Fail, Reason: mining.ReasonConsistency, Kills: 2, Clause: 1, Lesson: true},
			"round 2: no fences: T2 FAIL (consistency), 2 candidates rule the counterexample out; 1 after growing the selection"},
		{synth.Round{N: 3, Test: "T1", Verdict: mining.Inconclusive, Reason: mining.ReasonUnrollLimit, Kills: 1, Clause: 1, Lesson: true},
			"round 3: no fences: T1 INCONCLUSIVE (unroll-limit), 1 candidate rules the execution cut off at the unroll limit out"},
		{synth.Round{N: 4, Test: "T1", Verdict: mining.Inconclusive, Reason: mining.ReasonTimeout},
			"round 4: no fences: T1 INCONCLUSIVE (timeout): the search stops undecided"},
	} {
		if got := roundLine(c.r); got != c.want {
			t.Errorf("got  %s\nwant %s", got, c.want)
		}
	}
}
