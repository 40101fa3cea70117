package mining

import (
	"context"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/trace"
)

// program parses one LSL source and its test "T = ( ops )".
func program(t *testing.T, src, test string) (*lsl.Program, *lsl.Test) {
	t.Helper()
	p, err := lsl.Parse("p.lsl", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	tf, err := lsl.ParseTests("p.tst", []byte("test T = "+test))
	if err != nil {
		t.Fatal(err)
	}
	return p, tf.Tests[0]
}

func canon(obs []trace.Observation) string {
	var s []string
	for _, o := range obs {
		s = append(s, o.Canon())
	}
	sort.Strings(s)
	return strings.Join(s, "; ")
}

// TestWideChoiceMining: a choice wider than maxConcreteChoices (up to all
// of int64) is mined by the solver instead of value by value; both
// mining paths give the same observations.
func TestWideChoiceMining(t *testing.T) {
	for _, rng := range []string{"0 .. 100000", "-2147483647 .. 2147483647", "-9223372036854775808 .. 9223372036854775807"} {
		p, test := program(t, "proc w() { %r := choose "+rng+"\n %c := eq(%r, 5)\n observe output \"c\" %c }", "( w )")
		var got [2]string
		for i, sat := range []bool{false, true} {
			r, err := Mine(context.Background(), p, test, Options{Model: builtin(t, "relaxed"), SATMining: sat, Timeout: time.Minute})
			if err != nil {
				t.Fatal(err)
			}
			if r.Verdict != Pass || len(r.Mined) != 2 {
				t.Fatalf("%s (SAT %v): %s %s, %d observations", rng, sat, r.Verdict, r.Message, len(r.Mined))
			}
			got[i] = canon(r.Mined)
		}
		if got[0] != got[1] {
			t.Errorf("%s: concrete %s, SAT %s", rng, got[0], got[1])
		}
	}
}

// TestObservedHugeChoiceTimesOut: a choice whose 2^63 values are all
// observed cannot be mined; the timeout ends it as INCONCLUSIVE in
// mining (it used to list every value, gigabytes before any limit).
func TestObservedHugeChoiceTimesOut(t *testing.T) {
	p, test := program(t, "proc w() { %r := choose 0 .. 9223372036854775807\n observe output \"r\" %r }", "( w )")
	start := time.Now()
	r, err := Check(context.Background(), p, test, Options{Model: builtin(t, "relaxed"), Timeout: 300 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if r.Verdict != Inconclusive || r.Reason != ReasonTimeout || !strings.Contains(r.Message, "(in mining)") {
		t.Errorf("%s %s %q, want INCONCLUSIVE timeout in mining", r.Verdict, r.Reason, r.Message)
	}
	if el := time.Since(start); el > 5*time.Second {
		t.Errorf("took %v", el)
	}
}

// TestCheckInterrupted: a canceled context (Ctrl-C) stops a check in any
// phase as INCONCLUSIVE interrupted, naming the phase.
func TestCheckInterrupted(t *testing.T) {
	p, test := setup(t, "( forever | forever )")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r, err := Check(ctx, p, test, Options{Model: builtin(t, "relaxed")})
	if err != nil {
		t.Fatal(err)
	}
	if r.Verdict != Inconclusive || r.Reason != ReasonInterrupted || !strings.HasPrefix(r.Message, "interrupted (in ") {
		t.Errorf("%s %s %q", r.Verdict, r.Reason, r.Message)
	}
}

// TestCheckMemoryLimit: a check over the memory limit is INCONCLUSIVE
// memory-limit (the limit here is below what the test process already
// uses, so it is reached at once).
func TestCheckMemoryLimit(t *testing.T) {
	p, test := setup(t, "( forever | forever )")
	r, err := Check(context.Background(), p, test, Options{Model: builtin(t, "relaxed"), MaxMemory: 1 << 20})
	if err != nil {
		t.Fatal(err)
	}
	if r.Verdict != Inconclusive || r.Reason != ReasonMemory || !strings.Contains(r.Message, "--max-memory") {
		t.Errorf("%s %s %q", r.Verdict, r.Reason, r.Message)
	}
}

// TestSerialMinerCanceled: the concrete serial enumeration polls the
// context: a timeout during it names it.
func TestSerialMinerCanceled(t *testing.T) {
	// 6 operations × 100 choices each: 10^12 serial executions
	p, test := program(t, "global X\nproc w() { %r := choose 0 .. 99\n %x := load @X\n %y := add(%x, %r)\n store @X, %y }", "( w w w | w w w )")
	start := time.Now()
	r, err := Mine(context.Background(), p, test, Options{Model: builtin(t, "relaxed"), Timeout: 200 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if r.Verdict != Inconclusive || r.Reason != ReasonTimeout || !strings.Contains(r.Message, "concrete serial executions") {
		t.Errorf("%s %s %q", r.Verdict, r.Reason, r.Message)
	}
	if el := time.Since(start); el > 5*time.Second {
		t.Errorf("took %v", el)
	}
}
