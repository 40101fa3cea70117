package mining

import (
	"context"
	"errors"
	"fmt"

	"github.com/checkfence/checkfence/internal/limits"
)

// phaseNames are the progress phases in words, for INCONCLUSIVE messages.
var phaseNames = map[string]string{
	"unroll":   "unrolling",
	"errors":   "the search for errors",
	"mine":     "mining",
	"simulate": "the simulation of random runs",
	"size":     "the sizing of the unrolling",
	"check":    "the consistency check",
	"witness":  "the witness search",
}

// inPhase names the phase the check was in (for canceled's messages).
func (k *checker) inPhase() string {
	if k.phase == "" {
		return ""
	}
	name := phaseNames[k.phase]
	if name == "" {
		name = k.phase
	}
	return " (in " + name + ")"
}

// canceledIn turns a *limits.CanceledError from a phase (unrolling, range
// analysis, encoding, memory model expansion, concrete mining) into
// INCONCLUSIVE, like canceled does for the solver, naming that phase.
func (k *checker) canceledIn(err error) error {
	var ce *limits.CanceledError
	if !errors.As(err, &ce) {
		return err
	}
	k.phase = ce.Phase
	in := " (in " + ce.Phase + ")"
	k.res.Verdict = Inconclusive
	cause := ce.Cause
	if c := context.Cause(k.ctx); c != nil {
		cause = c
	}
	switch {
	case errors.Is(cause, limits.ErrMemoryLimit):
		k.res.Reason = ReasonMemory
		k.res.Message = fmt.Sprintf("the check needed more than %d MiB (--max-memory)", k.opt.MaxMemory>>20) + in
		if !errors.Is(context.Cause(k.ctx), limits.ErrMemoryLimit) {
			// refused before allocating: say how much was asked for
			k.res.Message = fmt.Sprintf("%v (--max-memory %d MiB)", ce.Cause, k.opt.MaxMemory>>20)
		}
	case errors.Is(cause, context.DeadlineExceeded):
		k.res.Reason = ReasonTimeout
		k.res.Message = fmt.Sprintf("no answer within %v", k.opt.Timeout) + in
	default:
		k.res.Reason = ReasonInterrupted
		k.res.Message = "interrupted" + in
	}
	return errStop
}
