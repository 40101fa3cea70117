package tests

import (
	"testing"

	"github.com/checkfence/checkfence/mining"
)

// mainShapes: pthread mains whose control flow structuring wraps around
// their thread operations: a failure between a create and a join behind
// a short-circuit condition (frontend/llvm/pthread_failpaths.go), and a
// return after the joins (pthread_hoist.go). Both were input errors.
// Columns: the .mm models (sc, tso, pso, relaxed, rmo), then rc11 and
// arm8.
var mainShapes = map[string]verdictRow{
	"abort_before_join.c":     {[]mining.Verdict{P, P, P, P, P, P, P}, "", false},
	"abort_before_join_bug.c": {[]mining.Verdict{F, F, F, F, F, F, F}, mining.ReasonRuntimeError, false},
	"early_return.c":          {[]mining.Verdict{P, P, P, P, P, P, P}, "", false},
	"early_return_bug.c":      {[]mining.Verdict{F, F, F, F, F, F, F}, "", false},
}

func TestMainShapes(t *testing.T) {
	checkPthreadTable(t, append(append([]string{}, llvmModels...), "rc11", "arm8"), mainShapes, nil)
}
