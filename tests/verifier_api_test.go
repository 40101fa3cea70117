package tests

import (
	"testing"

	"github.com/checkfence/checkfence/mining"
)

// verifierPrograms: programs written for other checkers — GenMC's
// genmc.h, SV-COMP's __VERIFIER_ functions (frontend/llvm/verifier.go).
// Columns: the .mm models (sc, tso, pso, relaxed, rmo), then rc11 and
// arm8.
var verifierPrograms = map[string]verdictRow{
	// a nondeterministic value bounded by an assumption, a lock whose
	// spin loop carries GenMC's hints
	"verifier/genmc_lock.c":       {[]mining.Verdict{P, P, P, P, P, P, P}, "", false},
	"verifier/genmc_lock_limit.c": {[]mining.Verdict{F, F, F, F, F, F, F}, "", false},
	// without acquire and release an addition is lost where stores or
	// loads may be reordered
	"verifier/genmc_lock_relaxed.c": {[]mining.Verdict{P, P, F, F, F, F, F}, "", true},
	// atomic sections and a __VERIFIER_atomic_ function; without the
	// sections an update is lost on every model
	"verifier/svcomp_atomic.c":      {[]mining.Verdict{P, P, P, P, P, P, P}, "", false},
	"verifier/svcomp_atomic_none.c": {[]mining.Verdict{F, F, F, F, F, F, F}, "", true},
	// the ranges of __VERIFIER_nondet_uint, _char and _bool
	"verifier/nondet_types.c":      {[]mining.Verdict{P, P, P, P, P, P, P}, "", false},
	"verifier/nondet_types_uint.c": {[]mining.Verdict{F, F, F, F, F, F, F}, "", false},
	"verifier/nondet_types_char.c": {[]mining.Verdict{F, F, F, F, F, F, F}, "", false},
	// choices that only steer a branch and a register (the trace shows
	// them: TestNondetChoicesInTrace)
	"verifier/nondet_trace.c": {[]mining.Verdict{F, F, F, F, F, F, F}, "", false},
	// fib_bench: __VERIFIER_error() (or abort()) behind a short-circuit
	// condition after the joins, where structuring wrapped main's thread
	// operations in a block (frontend/llvm/pthread_hoist.go). The counters
	// are plain and racy: relaxed, which does not order a store after the
	// loads its value comes from, lets them reach values out of thin air
	"verifier/svcomp_fib.c":       {[]mining.Verdict{P, P, P, F, P, P, P}, "", true},
	"verifier/svcomp_fib_bug.c":   {[]mining.Verdict{F, F, F, F, F, F, F}, "", true},
	"verifier/svcomp_fib_abort.c": {[]mining.Verdict{F, F, F, F, F, F, F}, mining.ReasonRuntimeError, true},
	// the same checks as an assert, which needs no shape rewrite: the
	// verdicts of the two forms agree on every model
	"verifier/svcomp_fib_assert.c":     {[]mining.Verdict{P, P, P, F, P, P, P}, "", true},
	"verifier/svcomp_fib_assert_bug.c": {[]mining.Verdict{F, F, F, F, F, F, F}, "", true},
}

func TestVerifierAPIPrograms(t *testing.T) {
	checkPthreadTable(t, append(append([]string{}, llvmModels...), "rc11", "arm8"), verifierPrograms, nil)
}
