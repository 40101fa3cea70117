package tests

import (
	"testing"

	"github.com/checkfence/checkfence/mining"
)

// c11ThreadsPrograms: C11 threads (<threads.h>, frontend/llvm/include/llvm/
// threads.h, which maps them onto the pthread lowering). Columns: the .mm
// models (sc, tso, pso, relaxed, rmo), then rc11 and arm8.
var c11ThreadsPrograms = map[string]verdictRow{
	// results through thrd_join; increments under mtx_lock
	"c11threads/counter.c":        {[]mining.Verdict{P, P, P, P, P, P, P}, "", false},
	"c11threads/counter_nolock.c": {[]mining.Verdict{F, F, F, F, F, F, F}, "", true},
	// cnd_wait in a loop, call_once; without the wait the consumer may
	// take the value before it is there (under the mutex: no race)
	"c11threads/handoff.c":        {[]mining.Verdict{P, P, P, P, P, P, P}, "", false},
	"c11threads/handoff_nowait.c": {[]mining.Verdict{F, F, F, F, F, F, F}, "", false},
	// mtx_trylock returns thrd_success or thrd_busy
	"c11threads/trylock.c":      {[]mining.Verdict{P, P, P, P, P, P, P}, "", false},
	"c11threads/trylock_both.c": {[]mining.Verdict{F, F, F, F, F, F, F}, "", false},
	// thrd_detach in a main that joins none of its threads
	"c11threads/detach.c":     {[]mining.Verdict{P, P, P, P, P, P, P}, "", false},
	"c11threads/detach_bug.c": {[]mining.Verdict{F, F, F, F, F, F, F}, "", false},
}

func TestC11ThreadsPrograms(t *testing.T) {
	checkPthreadTable(t, append(append([]string{}, llvmModels...), "rc11", "arm8"), c11ThreadsPrograms, nil)
}
