package llvmfront

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/memmodel"
	"github.com/checkfence/checkfence/mining"
)

// compilePool compiles C files and translates them twice: as Translate
// does (freshAllocs) and with every malloc left a pool allocation.
func compilePool(t *testing.T, files ...string) (fresh, pool *lsl.Program) {
	t.Helper()
	lls, err := Compile(files, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	var srcs []Source
	for _, ll := range lls {
		b, err := os.ReadFile(ll)
		if err != nil {
			t.Fatal(err)
		}
		srcs = append(srcs, Source{Name: ll, Text: b})
	}
	if fresh, err = translateSources(srcs, Options{}, false); err != nil {
		t.Fatal(err)
	}
	if pool, err = translateSources(srcs, Options{}, true); err != nil {
		t.Fatal(err)
	}
	return fresh, pool
}

func allocKinds(p *lsl.Program) map[lsl.AllocKind]int {
	n := map[lsl.AllocKind]int{}
	for _, pr := range p.Procs {
		lsl.Walk(pr.Body, func(s lsl.Stmt) bool {
			if a, ok := s.(*lsl.Alloc); ok {
				n[a.Kind]++
			}
			return true
		})
	}
	return n
}

// checkPthread checks a pthread program (its own test) on a .mm model.
func checkPthread(t *testing.T, p *lsl.Program, model *memmodel.Model) *mining.Result {
	t.Helper()
	test, err := PthreadTest(p)
	if err != nil {
		t.Fatal(err)
	}
	r, err := mining.Check(context.Background(), p, test, mining.Options{Model: model})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// Fresh blocks for the mallocs of a pthread program that never frees give
// the verdicts the pool gives (differential check of freshAllocs) on
// programs whose correctness does not rest on ordering around malloc (the
// pool's acquire read-modify-write orders what follows it, a fresh malloc
// nothing: TestFreshAllocIsNoFence), and FAILs that are real executions.
func TestFreshAllocsSameVerdicts(t *testing.T) {
	needClang(t)
	if testing.Short() {
		t.Skip("checks every program twice on several models")
	}
	cases := []struct {
		file   string
		models []string
	}{
		{"msqueue_joins.c", []string{"sc", "tso", "relaxed"}},
		{"msqueue_bug.c", []string{"sc", "relaxed", "rmo"}},
		{"c11/msq_1_1.c", []string{"sc", "tso", "pso", "relaxed", "rmo"}},
		{"c11/msq_2_2_bug.c", []string{"sc", "relaxed"}},
		{"c11/treiber_2_2.c", []string{"sc", "pso", "relaxed"}},
		{"c11/treiber_2_2_bug.c", []string{"sc", "relaxed"}},
	}
	for _, tc := range cases {
		t.Run(tc.file, func(t *testing.T) {
			t.Parallel()
			fresh, pool := compilePool(t, filepath.Join("../../tests/llvm/pthread", tc.file))
			if k := allocKinds(fresh); k[lsl.AllocPool] != 0 || k[lsl.AllocFresh] == 0 {
				t.Fatalf("fresh translation allocates %v", k)
			}
			if k := allocKinds(pool); k[lsl.AllocPool] == 0 {
				t.Fatalf("pool translation allocates %v", k)
			}
			for _, m := range tc.models {
				model, _ := memmodel.Builtin(m)
				var got [2]*mining.Result
				for i, p := range []*lsl.Program{fresh, pool} {
					r := checkPthread(t, p, model)
					if err := r.CheckCounterexample(); err != nil {
						t.Errorf("%s on %s: the counterexample is not a real execution: %v", tc.file, m, err)
					}
					got[i] = r
				}
				if got[0].Verdict != got[1].Verdict || got[0].Reason != got[1].Reason {
					t.Errorf("%s on %s: fresh %s %s, pool %s %s", tc.file, m, got[0].Verdict, got[0].Reason, got[1].Verdict, got[1].Reason)
				}
			}
		})
	}
}

// TestFreshAllocIsNoFence: store buffering across malloc
// (tests/llvm/pthread/sb_malloc.c) fails on relaxed with fresh blocks, as
// C11 allows, and with the pool, whose malloc in a C11 program is an
// acquire read-modify-write (lsl/unroll_pool.go, allocatorOrder); the
// fenced allocator of CheckFence-style programs (mining.Options.
// FencedAllocator: full fences, a lock-based allocator) forbids it.
func TestFreshAllocIsNoFence(t *testing.T) {
	needClang(t)
	fresh, pool := compilePool(t, "../../tests/llvm/pthread/sb_malloc.c")
	model, _ := memmodel.Builtin("relaxed")
	rows := []struct {
		name   string
		prog   *lsl.Program
		fenced bool
		want   mining.Verdict
	}{
		{"fresh", fresh, false, mining.Fail},
		{"pool", pool, false, mining.Fail},
		{"fenced pool", pool, true, mining.Pass},
	}
	for _, row := range rows {
		test, err := PthreadTest(row.prog)
		if err != nil {
			t.Fatal(err)
		}
		r, err := mining.Check(context.Background(), row.prog, test, mining.Options{Model: model, FencedAllocator: row.fenced})
		if err != nil {
			t.Fatal(err)
		}
		if r.Verdict != row.want {
			t.Errorf("%s: %s, want %s", row.name, r.Verdict, row.want)
		}
	}
}

// A pthread program that frees keeps the pool (blocks can be reused, and
// reuse shows ABA problems); so does a program without threads.
func TestFreshAllocsOnlyWithoutFree(t *testing.T) {
	needClang(t)
	dir := t.TempDir()
	progs := map[string]string{
		"frees.c": `#include <pthread.h>
#include <stdlib.h>
int *g;
static void *w(void *a) { int *p = malloc(sizeof(int)); *p = 1; g = p; return 0; }
int main(void) {
    pthread_t t;
    int *q = malloc(sizeof(int));
    free(q);
    pthread_create(&t, 0, w, 0);
    pthread_join(t, 0);
    return 0;
}
`,
		"nothreads.c": `#include <stdlib.h>
int *g;
void t(void) { g = malloc(sizeof(int)); }
`,
	}
	for name, src := range progs {
		file := filepath.Join(dir, name)
		if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		fresh, _ := compilePool(t, file)
		if k := allocKinds(fresh); k[lsl.AllocFresh] != 0 || k[lsl.AllocPool] == 0 {
			t.Errorf("%s: allocates %v, want only pool blocks", name, k)
		}
	}
}
