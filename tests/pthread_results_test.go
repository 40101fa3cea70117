package tests

import (
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	llvmfront "github.com/checkfence/checkfence/frontend/llvm"
	"github.com/checkfence/checkfence/mining"
	"github.com/checkfence/checkfence/report"
)

// joinResultPrograms: pthread programs whose main takes the threads'
// results with pthread_join(t, &res) (docs/c-conventions.md, "pthread
// programs"). Columns: the .mm models (sc, tso, pso, relaxed, rmo), then
// rc11 and arm8. join_result_order.c joins in another order than it
// creates, so a join that took the result of the wrong thread fails it.
var joinResultPrograms = map[string]verdictRow{
	// store buffering through the results: only sc forbids it with
	// relaxed accesses, every model with seq_cst ones
	"join_result_relaxed.c":   {[]mining.Verdict{P, F, F, F, F, F, F}, "", false},
	"join_result_seq_cst.c":   {[]mining.Verdict{P, P, P, P, P, P, P}, "", false},
	"join_result_sum.c":       {[]mining.Verdict{P, P, P, P, P, P, P}, "", false},
	"join_result_order.c":     {[]mining.Verdict{P, P, P, P, P, P, P}, "", false},
	"join_result_order_bug.c": {[]mining.Verdict{F, F, F, F, F, F, F}, "", false},
	// pthread_exit on one path of the thread function, return on the other
	"join_result_exit.c": {[]mining.Verdict{P, P, P, P, P, P, P}, "", false},
}

func TestPthreadJoinResults(t *testing.T) {
	models := append(append([]string{}, llvmModels...), "rc11", "arm8")
	checkPthreadTable(t, models, joinResultPrograms, func(t *testing.T, file, m string, r *mining.Result) {
		if r.Verdict != F {
			return
		}
		// the trace shows where the failing value came from
		var b strings.Builder
		report.WriteTrace(&b, r, report.TextOptions{})
		if !strings.Contains(b.String(), "pthread_join's result") {
			t.Errorf("%s on %s: the trace does not show the join's result:\n%s", file, m, b.String())
		}
		// main's registers travel between its parts through main_r_
		// globals: the trace leaves those accesses out and numbers the
		// rest without gaps (cat models give no memory order to number by)
		if strings.Contains(b.String(), "main_r_") || !contiguousOrder(b.String(), slices.Contains(llvmModels, m)) {
			t.Errorf("%s on %s: the trace shows main's register carriers or skips numbers:\n%s", file, m, b.String())
		}
	})
}

// Optimised IR keeps the handles in memory and loads them right before
// each join, as at -O0: the same verdicts.
func TestPthreadJoinResultsOptimised(t *testing.T) {
	needClang(t)
	for _, file := range []string{"join_result_relaxed.c", "join_result_sum.c", "join_result_order.c", "join_result_order_bug.c"} {
		t.Run(file, func(t *testing.T) {
			t.Parallel()
			prog := loadClang(t, []string{"-O1"}, filepath.Join("llvm/pthread", file))
			test, err := llvmfront.PthreadTest(prog)
			if err != nil {
				t.Fatal(err)
			}
			for mi, m := range []string{"sc", "tso"} {
				r := check(t, prog, test, mining.Options{Model: model(t, m)})
				if want := joinResultPrograms[file].want[mi]; r.Verdict != want {
					t.Errorf("%s -O1 on %s: %s, want %s (%s)", file, m, r.Verdict, want, r.Message)
				}
			}
		})
	}
}

// contiguousOrder reports whether the memory-order positions a text trace
// gives its accesses (#1, #2, …) are 1..n, each once, and whether there
// are any when numbered is set.
func contiguousOrder(trace string, numbered bool) bool {
	seen := map[int]bool{}
	for _, line := range strings.Split(trace, "\n") {
		f := strings.Fields(line)
		if len(f) < 2 || !strings.HasPrefix(f[0], "#") || (f[1] != "load" && f[1] != "store" && f[1] != "┌" && f[1] != "└" && f[1] != "│") {
			continue
		}
		n, err := strconv.Atoi(f[0][1:])
		if err != nil || seen[n] {
			return false
		}
		seen[n] = true
	}
	for i := 1; i <= len(seen); i++ {
		if !seen[i] {
			return false
		}
	}
	return (len(seen) > 0) == numbered
}
