package tests

import (
	"testing"

	"github.com/checkfence/checkfence/mining"
)

// phasedPrograms: pthread programs whose main touches memory between two
// creates or two joins, or creates a thread after joining one
// (frontend/llvm/pthread_phases.go): pthread_create and pthread_join
// synchronize as release and acquire. Columns: the .mm models (sc, tso,
// pso, relaxed, rmo), then rc11, arm8 and power; racy: the programs whose
// races rc11 flags.
var phasedPrograms = map[string]struct {
	want [8]mining.Verdict
	racy bool
}{
	"phases.c":               {[8]mining.Verdict{P, P, P, P, P, P, P, P}, false},
	"phases_publish.c":       {[8]mining.Verdict{P, P, P, P, P, P, P, P}, false},
	"phases_publish_late.c":  {[8]mining.Verdict{F, F, F, F, F, F, F, F}, true},
	"phases_chain.c":         {[8]mining.Verdict{P, P, P, P, P, P, P, P}, false},
	"phases_chain_bug.c":     {[8]mining.Verdict{F, F, F, F, F, F, F, F}, false},
	"phases_between_joins.c": {[8]mining.Verdict{P, P, P, P, P, P, P, P}, false},
}

func TestPthreadPhases(t *testing.T) {
	needClang(t)
	for file, tc := range phasedPrograms {
		t.Run(file, func(t *testing.T) {
			t.Parallel()
			prog, test := loadPthread(t, file)
			models := append(append([]string{}, llvmModels...), "rc11", "arm8", "power")
			for mi, m := range models {
				opt := mining.Options{}
				if mi < len(llvmModels) {
					opt.Model = model(t, m)
				} else {
					opt.Cat = catModel(t, m)
				}
				r := check(t, prog, test, opt)
				if r.Verdict != tc.want[mi] {
					t.Errorf("%s on %s: %s, want %s (%s)", file, m, r.Verdict, tc.want[mi], r.Message)
					continue
				}
				if r.Verdict == F && r.Reason != mining.ReasonAssertion {
					t.Errorf("%s on %s: FAIL for %s, want an assertion", file, m, r.Reason)
				}
				if racy := len(r.Flags) > 0; racy != (tc.racy && m == "rc11") {
					t.Errorf("%s on %s: flags %v", file, m, r.Flags)
				}
				if err := r.CheckCounterexample(); err != nil {
					t.Errorf("%s on %s: %v", file, m, err)
				}
			}
		})
	}
}
