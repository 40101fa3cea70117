package mining

import (
	"github.com/checkfence/checkfence/encode"
	"github.com/go-air/gini/z"
)

// Property checks (checkfence run --prop, SV-COMP's property files): only
// the violations of one property are failures. Options.NoDeadlock drops
// deadlocks and livelocks (a thread that never ends violates no safety
// property), and Options.QuietError names the error sites that end their
// thread's path without being a failure: SV-COMP's abort() and exit() end
// the program, so a path through them reaches nothing after them; under
// no-data-race a failed assertion ends the program too. Because a thread
// stopped at such a site writes nothing more, every execution in which
// other threads go on after it has the same outcome for them as one in
// which they ran before it (sequential consistency), so stopping the
// thread is as good as discarding the execution.

// errorLit is the encoding's error literal with the quiet error sites
// left out.
func (k *checker) errorLit(e *encode.Encoding) z.Lit {
	if k.opt.QuietError == nil {
		return e.Error
	}
	c := e.C
	var errs []z.Lit
	for _, th := range e.Threads {
		for _, es := range th.Errors {
			if !k.opt.QuietError(es) {
				errs = append(errs, es.Guard)
			}
		}
	}
	return c.And(c.Ors(errs...), e.PrunedInAtomic.Not())
}

// deadlockLit is the encoding's deadlock literal, or false when deadlocks
// are not failures.
func (k *checker) deadlockLit(e *encode.Encoding) z.Lit {
	if k.opt.NoDeadlock {
		return e.C.F
	}
	return e.Deadlock
}
