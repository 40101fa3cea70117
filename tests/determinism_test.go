package tests

import (
	"bytes"
	"testing"

	"github.com/checkfence/checkfence/mining"
	"github.com/checkfence/checkfence/report"
)

// TestDeterministicCounterexample checks that the same inputs give the same
// counterexample text on every run (the circuit is built in a fixed order).
func TestDeterministicCounterexample(t *testing.T) {
	prog, tf := load(t, "lslqueue/msn.tst", "lslqueue/msn_nofence.lsl")
	m := model(t, "relaxed")
	var first string
	for run := 0; run < 3; run++ {
		r := check(t, prog, tf.Tests[0], mining.Options{Model: m})
		if r.Verdict != mining.Fail {
			t.Fatalf("verdict %s, want FAIL", r.Verdict)
		}
		var b bytes.Buffer
		report.WriteTrace(&b, r, report.TextOptions{})
		if run == 0 {
			first = b.String()
		} else if b.String() != first {
			t.Fatalf("run %d differs:\n%s\nvs\n%s", run, b.String(), first)
		}
	}
}
