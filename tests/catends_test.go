package tests

import (
	"testing"

	"github.com/checkfence/checkfence/encode"
	"github.com/checkfence/checkfence/mining"
	"github.com/checkfence/checkfence/refcheck"
)

// catEndsModels are the cat models with checks that cat.AnalyzeConcurrent
// lets the encoder build on the concurrent threads alone.
var catEndsModels = []string{"power", "arm8", "riscv", "tso-cat", "rc11"}

// TestCatEndThreadsRandom: the checks built on the concurrent threads'
// events alone (encode/catends.go; docs/semantics.md, "The init and final
// threads in cat checks") see what they see built on every event
// (encode.Options.CatAllEvents): on random programs with init and final
// operations (the final one reads and checks what the threads did), the
// lazy unrolling converges at the same bounds with the same failures,
// deadlocks, observations and flags.
func TestCatEndThreadsRandom(t *testing.T) {
	gens := []randomGen{{"small", refcheck.SmallGen}, {"reload", refcheck.ReloadGen}, {"push", refcheck.PushGen}, {"large", refcheck.LargeGen}}
	sameWithOptions(t, gens, catEndsModels, 43000, 30*randomScale(),
		encode.Options{CatAllEvents: true}, "on the concurrent threads", "on all events")
}

// TestCatEndThreadsPrograms: the same on pthread programs whose main
// checks the results after the joins (the C11 queue and stack harnesses),
// with mutexes and condition variables (atomic blocks, whose lifted checks
// follow the check they lift), memory-safety failures and data races, at
// the bounds they converge at.
func TestCatEndThreadsPrograms(t *testing.T) {
	needClang(t)
	all := catEndsModels
	for _, p := range []struct {
		file   string
		models []string
	}{
		{"c11bench/treiber_2_2.c", []string{"power", "arm8"}},
		{"condvar_while.c", []string{"power"}},
		{"rwlock_posix.c", all}, {"sem_mutex.c", all}, {"free_at_end_uaf.c", all},
		{"join_result_order_bug.c", all}, {"phases_chain_bug.c", all}, {"racy.c", all},
	} {
		t.Run(p.file, func(t *testing.T) {
			t.Parallel()
			prog, test := loadPthread(t, p.file)
			for _, m := range p.models {
				sameAtConvergedBounds(t, ruleProgram{p.file, prog, test}, m, "on the concurrent threads", "on all events", func(o *mining.Options) { o.CatAllEvents = true })
			}
		})
	}
}
