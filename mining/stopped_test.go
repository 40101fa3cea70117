package mining

import (
	"context"
	"errors"
	"strings"
	"testing"
)

// TestExecutionsStoppedSaysWhy: when the lazy unrolling stops before the
// executions are known, Executions says why (a loop past MaxUnroll here),
// not "context deadline exceeded", which stays for a stop for want of
// time.
func TestExecutionsStoppedSaysWhy(t *testing.T) {
	prog, test := program(t, `
global X
proc count() {
    l: {
        %c := load @X
        %d := add(%c, 1)
        store @X, %d
        %e := lt(%d, 50)
        if %e { continue l }
    }
}
proc other() { store @X, 0 }
`, "( count | other )")
	_, err := Executions(context.Background(), prog, test, Options{Model: builtin(t, "sc"), MaxUnroll: 3}, false)
	var se *StoppedError
	if !errors.As(err, &se) || se.Result.Reason != ReasonUnrollLimit || errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("got %v, want a StoppedError for the unroll limit", err)
	}
	if !strings.Contains(err.Error(), "unroll") {
		t.Errorf("message %q does not say the loop bound", err)
	}
	timedOut := &StoppedError{Result: &Result{Verdict: Inconclusive, Reason: ReasonTimeout}}
	if !errors.Is(timedOut, context.DeadlineExceeded) {
		t.Errorf("a timeout is no context.DeadlineExceeded")
	}
}
