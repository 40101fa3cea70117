package tests

import (
	"testing"

	"github.com/checkfence/checkfence/mining"
)

// semaphorePrograms: POSIX semaphores, pthread spinlocks, barriers and
// read-write locks (frontend/llvm/semaphore.go, barrier.go, rwlock.go). Columns: the .mm models (sc, tso, pso,
// relaxed, rmo), then rc11 and arm8; reason: of the FAILs; racy: whether
// rc11 flags a race.
var semaphorePrograms = map[string]struct {
	want   [7]mining.Verdict
	reason string
	racy   bool
}{
	"sem_handoff.c": {[7]mining.Verdict{P, P, P, P, P, P, P}, "", false},
	"sem_nowait.c":  {[7]mining.Verdict{F, F, F, F, F, F, F}, mining.ReasonAssertion, true},
	"sem_lost.c":    {[7]mining.Verdict{F, F, F, F, F, F, F}, mining.ReasonDeadlock, false},
	"sem_mutex.c":   {[7]mining.Verdict{P, P, P, P, P, P, P}, "", false},
	// the barrier reused, the serial thread counted
	"barrier_rounds.c": {[7]mining.Verdict{P, P, P, P, P, P, P}, "", false},
	"barrier_none.c":   {[7]mining.Verdict{F, F, F, F, F, F, F}, mining.ReasonAssertion, false},
	"barrier_short.c":  {[7]mining.Verdict{F, F, F, F, F, F, F}, mining.ReasonDeadlock, false},
	// readers share the read lock; readers without it see half a write
	"rwlock_posix.c":        {[7]mining.Verdict{P, P, P, P, P, P, P}, "", false},
	"rwlock_posix_nolock.c": {[7]mining.Verdict{F, F, F, F, F, F, F}, mining.ReasonAssertion, true},
}

func TestSemaphoresSpinlocksBarriers(t *testing.T) {
	needClang(t)
	for file, tc := range semaphorePrograms {
		t.Run(file, func(t *testing.T) {
			t.Parallel()
			prog, test := loadPthread(t, file)
			models := append(append([]string{}, llvmModels...), "rc11", "arm8")
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
				if r.Verdict == F && r.Reason != tc.reason {
					t.Errorf("%s on %s: FAIL for %s, want %s", file, m, r.Reason, tc.reason)
				}
				// (a FAIL's flags are those of its counterexample)
				if racy := len(r.Flags) > 0; racy != (tc.racy && m == "rc11") && (r.Verdict == P || tc.racy) {
					t.Errorf("%s on %s: flags %v", file, m, r.Flags)
				}
				if err := r.CheckCounterexample(); err != nil {
					t.Errorf("%s on %s: %v", file, m, err)
				}
			}
		})
	}
}
