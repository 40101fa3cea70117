package tests

import (
	"testing"

	"github.com/checkfence/checkfence/mining"
)

// phasedPrograms: pthread programs whose main touches memory between two
// creates or two joins, or creates a thread after joining one
// (frontend/llvm/pthread_phases.go): pthread_create and pthread_join
// synchronize as release and acquire. Columns: the .mm models (sc, tso,
// pso, relaxed, rmo), then rc11, arm8 and power.
var phasedPrograms = map[string]verdictRow{
	"phases.c":               {[]mining.Verdict{P, P, P, P, P, P, P, P}, "", false},
	"phases_publish.c":       {[]mining.Verdict{P, P, P, P, P, P, P, P}, "", false},
	"phases_publish_late.c":  {[]mining.Verdict{F, F, F, F, F, F, F, F}, "", true},
	"phases_chain.c":         {[]mining.Verdict{P, P, P, P, P, P, P, P}, "", false},
	"phases_chain_bug.c":     {[]mining.Verdict{F, F, F, F, F, F, F, F}, "", false},
	"phases_between_joins.c": {[]mining.Verdict{P, P, P, P, P, P, P, P}, "", false},
}

func TestPthreadPhases(t *testing.T) {
	checkPthreadTable(t, append(append([]string{}, llvmModels...), "rc11", "arm8", "power"), phasedPrograms, nil)
}
