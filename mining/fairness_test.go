package mining

import (
	"context"
	"strings"
	"testing"

	"github.com/checkfence/checkfence/encode"
	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/trace"
)

// Fair progress (encode/fairness.go) at the level of whole checks.
const fairSrc = `
global X
global V
global N
proc inc() {
    retry: {
        %old := load @X
        %new := add(%old, 1)
        atomic { %cur := load @X  %ok := eq(%cur, %old)  if %ok { store @X, %new } }
        if %ok { } else { continue retry }
    }
}
proc get() { observe label "get"  %x := load @X  observe output "x" %x }
proc never() {
    retry: {
        %old := load @X
        %want := add(%old, 1)
        atomic { %cur := load @X  %ok := eq(%cur, %want)  if %ok { store @X, %old } }
        if %ok { } else { continue retry }
    }
}
proc counting() {
    %n := 0
    retry: {
        %v := load @V
        %n := add(%n, 1)
        %z := eq(%v, 0)
        if %z { continue retry }
    }
    store @N, %n
}
proc tries() {
    %n := 0
    retry: {
        %v := load @V
        %n := add(%n, 1)
        %z := eq(%v, 0)
        if %z { continue retry }
    }
}
proc retry() {
    observe label "retry"
    l: {
        %r := load @V
        %c := eq(%r, 0)
        if %c {
            observe output "retried" 1
            continue l
        }
    }
}
proc set() { store @V, 1 }
`

func fairSetup(t *testing.T, test string) (*lsl.Program, *lsl.Test) {
	t.Helper()
	p, err := lsl.Parse("fair.lsl", []byte(fairSrc))
	if err != nil {
		t.Fatal(err)
	}
	tf, err := lsl.ParseTests("fair.tst", []byte("test T = "+test))
	if err != nil {
		t.Fatal(err)
	}
	if err := tf.Check(p); err != nil {
		t.Fatal(err)
	}
	return p, tf.Tests[0]
}

func TestFairProgressVerdicts(t *testing.T) {
	cases := []struct {
		test, model string
		unfair      bool
		maxUnroll   int
		verdict     Verdict
		reason      string
	}{
		// a CAS retry loop converges on every model with fair progress
		{"( inc | inc ) get", "sc", false, 0, Pass, ""},
		{"( inc | inc ) get", "relaxed", false, 0, Pass, ""},
		{"( inc | inc | inc ) get", "rmo", false, 0, Pass, ""},
		// without it, relaxed lets the retry re-read a stale value forever
		{"( inc | inc ) get", "relaxed", true, 4, Inconclusive, ReasonUnrollLimit},
		// a CAS that can never succeed: the thread retries forever
		{"( never )", "sc", false, 0, Fail, ReasonLivelock},
		{"( never | inc )", "relaxed", false, 0, Fail, ReasonLivelock},
		// a loop whose state changes (a counter) counts every iteration
		{"( counting )", "sc", false, 5, Inconclusive, ReasonUnrollLimit},
		{"( counting | set )", "sc", false, 5, Inconclusive, ReasonUnrollLimit},
		// a counter nothing reads is faint (lsl.FaintRegisters): the loop
		// converges, and spins forever when nobody sets V
		{"( tries )", "sc", false, 5, Fail, ReasonLivelock},
		{"( tries | set )", "relaxed", false, 5, Pass, ""},
	}
	for _, tc := range cases {
		p, test := fairSetup(t, tc.test)
		r, err := Check(context.Background(), p, test, Options{Options: encode.Options{NoFairProgress: tc.unfair}, Model: builtin(t, tc.model), MaxUnroll: tc.maxUnroll})
		if err != nil {
			t.Fatal(err)
		}
		if r.Verdict != tc.verdict || r.Reason != tc.reason {
			t.Errorf("%s on %s (unfair %v): %s %s (%s), want %s %s", tc.test, tc.model, tc.unfair, r.Verdict, r.Reason, r.Message, tc.verdict, tc.reason)
		}
		if err := r.CheckCounterexample(); err != nil {
			t.Errorf("%s on %s: %v", tc.test, tc.model, err)
		}
		if r.Verdict == Fail && !strings.Contains(r.Message, "retries the loop forever") {
			t.Errorf("%s on %s: message %q does not say the loop repeats", tc.test, tc.model, r.Message)
		}
	}
}

// An iteration that records an observation is never redundant: at bound
// 2, the execution that retried once and then left the loop is there, with
// its observation, with and without fair progress.
func TestFairProgressKeepsObservingIterations(t *testing.T) {
	p, test := fairSetup(t, "( retry | set )")
	for _, unfair := range []bool{false, true} {
		es, err := ExecutionsAt(context.Background(), p, test, Options{Options: encode.Options{NoFairProgress: unfair}, Model: builtin(t, "sc")}, false,
			lsl.Bounds{"t1.0:retry/L1": 2})
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, o := range es.Observations {
			found = found || strings.Contains(o.Canon(), "retried")
		}
		if !found {
			t.Errorf("unfair %v: no execution observes the retry: %v", unfair, obsList(es.Observations))
		}
	}
}

func obsList(obs []trace.Observation) []string {
	var out []string
	for _, o := range obs {
		out = append(out, o.Canon())
	}
	return out
}
