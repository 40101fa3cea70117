package main

import (
	"testing"
	"time"

	"github.com/checkfence/checkfence/mining"
)

func TestProgressLine(t *testing.T) {
	cases := []struct {
		pr   mining.Progress
		want string
	}{
		{mining.Progress{Test: "T0", Phase: "mine", Observations: 4, Elapsed: 1500 * time.Millisecond},
			"T0: mine, 4 observations, 1.5s"},
		{mining.Progress{Test: "Ti2", Phase: "unroll", Round: 3, Detail: "raising loop msn.c:45 to 3 iterations", Elapsed: 2 * time.Second},
			"Ti2: unroll (unroll round 3): raising loop msn.c:45 to 3 iterations, 2.0s"},
	}
	for _, c := range cases {
		if got := progressLine(c.pr); got != c.want {
			t.Errorf("progressLine = %q, want %q", got, c.want)
		}
	}
}
