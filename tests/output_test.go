package tests

import (
	"strings"
	"testing"

	"github.com/checkfence/checkfence/mining"
)

// Output and sleeping are no-ops in both front ends (stdio.h, unistd.h),
// but their arguments are computed: printing through a null pointer is a
// runtime error.
func TestOutputAndSleepAreNoOps(t *testing.T) {
	prog, tf := load(t, "c/output/output.tst", "c/output/output.c")
	want := map[string]mining.Verdict{"Set": P, "Null": F}
	for _, test := range tf.Tests {
		for _, m := range []string{"sc", "relaxed"} {
			r := check(t, prog, test, mining.Options{Model: model(t, m)})
			if r.Verdict != want[test.Name] || r.Verdict == F && r.Reason != mining.ReasonRuntimeError {
				t.Errorf("C front end, %s on %s: %s %s (%s)", test.Name, m, r.Verdict, r.Reason, r.Message)
			}
		}
	}
	checkPthreadTable(t, []string{"sc", "relaxed"}, map[string]verdictRow{
		"stdio_sleep.c": {[]mining.Verdict{P, P}, "", false},
		"stdio_null.c":  {[]mining.Verdict{F, F}, mining.ReasonRuntimeError, false},
	}, nil)
}

// string.h's memcpy and memset become cell-by-cell copies and fills; a
// copy between an array and a pointer to its first element copies the
// cells that line up (frontend/llvm/memops.go, sameLayout).
func TestStringHeaderCopies(t *testing.T) {
	checkPthreadTable(t, []string{"sc", "relaxed"}, map[string]verdictRow{
		"string_copy.c":     {[]mining.Verdict{P, P}, "", false},
		"string_copy_bug.c": {[]mining.Verdict{F, F}, "", false},
	}, nil)
}

// calloc zeroes what it allocates, exit(0) after main's last join ends the
// program without failure, exit(EXIT_FAILURE) is a failure. Not rmo: the
// Treiber push's retry there reads a stale top for ever (INCONCLUSIVE).
func TestCallocAndExit(t *testing.T) {
	models := []string{"sc", "tso", "pso", "relaxed", "rc11", "arm8"}
	checkPthreadTable(t, models, map[string]verdictRow{
		"calloc_exit.c":     {[]mining.Verdict{P, P, P, P, P, P}, "", false},
		"calloc_exit_bug.c": {[]mining.Verdict{F, F, F, F, F, F}, mining.ReasonRuntimeError, false},
	}, func(t *testing.T, file, m string, r *mining.Result) {
		if r.Verdict == F && !strings.Contains(r.Message, "exit(1)") {
			t.Errorf("%s on %s: the failure is %q, want exit(1)", file, m, r.Message)
		}
	})
}
