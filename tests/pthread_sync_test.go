package tests

import (
	"testing"

	"github.com/checkfence/checkfence/mining"
)

// semaphorePrograms: POSIX semaphores, pthread spinlocks, barriers,
// read-write locks and pthread_once (frontend/llvm/semaphore.go,
// barrier.go, rwlock.go, once.go). Columns: the .mm models (sc, tso, pso,
// relaxed, rmo), then rc11 and arm8. barrier_none.c's races are not
// flagged: no execution completes (main asserts a serial thread).
var semaphorePrograms = map[string]verdictRow{
	"sem_handoff.c": {[]mining.Verdict{P, P, P, P, P, P, P}, "", false},
	"sem_nowait.c":  {[]mining.Verdict{F, F, F, F, F, F, F}, "", true},
	"sem_lost.c":    {[]mining.Verdict{F, F, F, F, F, F, F}, mining.ReasonDeadlock, false},
	"sem_mutex.c":   {[]mining.Verdict{P, P, P, P, P, P, P}, "", false},
	// the barrier reused, the serial thread counted
	"barrier_rounds.c": {[]mining.Verdict{P, P, P, P, P, P, P}, "", false},
	"barrier_none.c":   {[]mining.Verdict{F, F, F, F, F, F, F}, "", false},
	"barrier_short.c":  {[]mining.Verdict{F, F, F, F, F, F, F}, mining.ReasonDeadlock, false},
	// readers share the read lock; readers without it see half a write
	"rwlock_posix.c":        {[]mining.Verdict{P, P, P, P, P, P, P}, "", false},
	"rwlock_posix_nolock.c": {[]mining.Verdict{F, F, F, F, F, F, F}, "", true},
	// init runs once and is seen by both users; a plain flag is not enough
	"once.c":       {[]mining.Verdict{P, P, P, P, P, P, P}, "", false},
	"once_plain.c": {[]mining.Verdict{F, F, F, F, F, F, F}, "", true},
	// attributes set up and ignored
	"attrs.c": {[]mining.Verdict{P, P, P, P, P, P, P}, "", false},
}

func TestSemaphoresSpinlocksBarriers(t *testing.T) {
	checkPthreadTable(t, append(append([]string{}, llvmModels...), "rc11", "arm8"), semaphorePrograms, nil)
}
