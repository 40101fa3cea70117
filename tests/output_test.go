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
	needClang(t)
	for file, want := range map[string]mining.Verdict{"stdio_sleep.c": P, "stdio_null.c": F} {
		prog, test := loadPthread(t, file)
		for _, m := range []string{"sc", "relaxed"} {
			r := check(t, prog, test, mining.Options{Model: model(t, m)})
			if r.Verdict != want || r.Verdict == F && r.Reason != mining.ReasonRuntimeError {
				t.Errorf("%s on %s: %s %s (%s)", file, m, r.Verdict, r.Reason, r.Message)
			}
		}
	}
}

// string.h's memcpy and memset become cell-by-cell copies and fills; a
// copy between an array and a pointer to its first element copies the
// cells that line up (frontend/llvm/memops.go, sameLayout).
func TestStringHeaderCopies(t *testing.T) {
	needClang(t)
	for file, want := range map[string]mining.Verdict{"string_copy.c": P, "string_copy_bug.c": F} {
		prog, test := loadPthread(t, file)
		for _, m := range []string{"sc", "relaxed"} {
			r := check(t, prog, test, mining.Options{Model: model(t, m)})
			if r.Verdict != want || r.Verdict == F && r.Reason != mining.ReasonAssertion {
				t.Errorf("%s on %s: %s %s (%s)", file, m, r.Verdict, r.Reason, r.Message)
			}
		}
	}
}

// calloc zeroes what it allocates, exit(0) after main's last join ends the
// program without failure, exit(EXIT_FAILURE) is a failure. Not rmo: the
// Treiber push's retry there reads a stale top for ever (INCONCLUSIVE).
func TestCallocAndExit(t *testing.T) {
	needClang(t)
	for file, want := range map[string]mining.Verdict{"calloc_exit.c": P, "calloc_exit_bug.c": F} {
		prog, test := loadPthread(t, file)
		for _, m := range []string{"sc", "tso", "pso", "relaxed", "rc11", "arm8"} {
			opt := mining.Options{}
			if m == "rc11" || m == "arm8" {
				opt.Cat = catModel(t, m)
			} else {
				opt.Model = model(t, m)
			}
			r := check(t, prog, test, opt)
			if r.Verdict != want || r.Verdict == F && (r.Reason != mining.ReasonRuntimeError || r.Message == "" || !strings.Contains(r.Message, "exit(1)")) {
				t.Errorf("%s on %s: %s %s (%s)", file, m, r.Verdict, r.Reason, r.Message)
			}
		}
	}
}
