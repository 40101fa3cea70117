package mining

import (
	"context"
	"fmt"
)

// StoppedError is what Executions, ExecutionsAt and Decide return when
// the check stopped before the question was answered, with the result it
// had then: no answer in time (it then also is context.DeadlineExceeded),
// a loop past --max-unroll, a memory limit, a failure the unrolling found
// on its way (a livelock). Before 2026-12-02 every such stop read
// "context deadline exceeded".
type StoppedError struct {
	Result *Result
}

func (e *StoppedError) Error() string {
	r := e.Result
	s := fmt.Sprintf("the check stopped early: %s", r.Verdict)
	if r.Reason != "" {
		s += " (" + r.Reason + ")"
	}
	if r.Message != "" {
		s += ": " + r.Message
	}
	return s
}

// Unwrap makes a stop for want of time a context.DeadlineExceeded.
func (e *StoppedError) Unwrap() error {
	if e.Result.Reason == ReasonTimeout {
		return context.DeadlineExceeded
	}
	return nil
}

// stopped is the StoppedError of the check's result so far.
func (k *checker) stopped() error { return &StoppedError{Result: k.res} }
