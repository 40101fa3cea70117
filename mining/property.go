package mining

import (
	"fmt"
	"strings"

	"github.com/checkfence/checkfence/encode"
	"github.com/checkfence/checkfence/internal/gini/z"
	"github.com/checkfence/checkfence/lsl"
)

// Property checks (checkfence run --prop, SV-COMP's property files): only
// the violations of one property are failures. Options.NoDeadlock drops
// deadlocks and livelocks (a thread that never ends violates no safety
// property), and Options.QuietError names the error sites that end the
// program without being a failure: SV-COMP's abort() and exit(), and a
// failed assertion under the properties other than unreach-call. An
// execution that reaches a quiet site is discarded, as an assume(false)
// there would discard it (the program ends, so nothing after it happens;
// a failure of another thread before it is the failure of an execution in
// which this thread has not reached the site yet).
//
// Thread-creation bounds (lsl.ThreadBoundMsg, a front end's unrolling of
// thread creation whose count is known only at run time) are no failure
// either: reaching one makes the check INCONCLUSIVE, after every real
// failure was looked for.

// errorLit is the encoding's error literal without the quiet error sites
// and the thread-creation bounds.
func (k *checker) errorLit(e *encode.Encoding) z.Lit {
	if k.opt.QuietError == nil && !hasBounds(e) {
		return e.Error
	}
	c := e.C
	var errs []z.Lit
	for _, th := range e.Threads {
		for _, es := range th.Errors {
			if !k.quiet(es) && !lsl.IsThreadBound(es.Stmt) {
				errs = append(errs, es.Guard)
			}
		}
	}
	return c.And(c.Ors(errs...), e.PrunedInAtomic.Not())
}

func (k *checker) quiet(es *encode.ErrorSite) bool {
	return k.opt.QuietError != nil && k.opt.QuietError(es)
}

// quietAssumptions are the literals every query on e assumes: no quiet
// error site is reached.
func (k *checker) quietAssumptions(e *encode.Encoding) []z.Lit {
	if k.opt.QuietError == nil {
		return nil
	}
	var out []z.Lit
	for _, th := range e.Threads {
		for _, es := range th.Errors {
			if k.quiet(es) {
				out = append(out, es.Guard.Not())
			}
		}
	}
	return out
}

func hasBounds(e *encode.Encoding) bool {
	for _, th := range e.Threads {
		for _, es := range th.Errors {
			if lsl.IsThreadBound(es.Stmt) {
				return true
			}
		}
	}
	return false
}

// boundLit: some thread reaches a thread-creation bound.
func (k *checker) boundLit(e *encode.Encoding) z.Lit {
	c := e.C
	var bs []z.Lit
	for _, th := range e.Threads {
		for _, es := range th.Errors {
			if lsl.IsThreadBound(es.Stmt) {
				bs = append(bs, es.Guard)
			}
		}
	}
	return c.And(c.Ors(bs...), e.PrunedInAtomic.Not())
}

// reportBound reports an execution that reaches a thread-creation bound
// (the last query on p found it): INCONCLUSIVE.
func (k *checker) reportBound(p *problem) error {
	x := p.enc.Decode(p.s.Value)
	k.res.Verdict = Inconclusive
	k.res.Reason = ReasonUnrollLimit
	k.res.Trace = x
	k.stats(p)
	msg := lsl.ThreadBoundMsg
	for _, th := range p.enc.Threads {
		for _, es := range th.Errors {
			if lsl.IsThreadBound(es.Stmt) && p.s.Value(es.Guard) {
				a := es.Stmt.(*lsl.Abort)
				msg = fmt.Sprintf("%s: %s", a.Pos, strings.TrimPrefix(a.Msg, lsl.ThreadBoundMsg+": "))
			}
		}
	}
	k.res.Message = msg
	return errStop
}

// deadlockLit is the encoding's deadlock literal, or false when deadlocks
// are not failures.
func (k *checker) deadlockLit(e *encode.Encoding) z.Lit {
	if k.opt.NoDeadlock {
		return e.C.F
	}
	return e.Deadlock
}
