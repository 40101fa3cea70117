package tests

import (
	"testing"

	"github.com/checkfence/checkfence/mining"
)

// TestLSLQueue: the Michael-Scott queue in LSL passes on sc and relaxed
// with its fences, and fails on relaxed (only) without them.
func TestLSLQueue(t *testing.T) {
	cases := []struct {
		impl, model string
		want        mining.Verdict
	}{
		{"lslqueue/msn.lsl", "sc", P},
		{"lslqueue/msn.lsl", "relaxed", P},
		{"lslqueue/msn_nofence.lsl", "sc", P},
		{"lslqueue/msn_nofence.lsl", "relaxed", F},
	}
	for _, c := range cases {
		prog, tf := load(t, "lslqueue/msn.tst", c.impl)
		tests, err := tf.Select([]string{"T0", "Tpc2"})
		if err != nil {
			t.Fatal(err)
		}
		failed := false
		for _, test := range tests {
			r := check(t, prog, test, mining.Options{Model: model(t, c.model)})
			if c.want == P && r.Verdict != P {
				t.Errorf("%s %s on %s: %s %s", c.impl, test.Name, c.model, r.Verdict, r.Message)
			}
			failed = failed || r.Verdict == F
		}
		if c.want == F && !failed {
			t.Errorf("%s on %s: no test fails", c.impl, c.model)
		}
	}
}
