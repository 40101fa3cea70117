package tests

import (
	"os"
	"testing"

	"github.com/checkfence/checkfence/encode"
	"github.com/checkfence/checkfence/mining"
)

// TestConeLimitsVerdicts: the C11 queue and stack harnesses take a node
// counter with fetch_add, whose numbers reached the range analysis' cap
// under its program-wide depth limit (the width then fell back to 64
// bits). With each statement limited to its dependency cone
// (lsl/ranges_cone.go) the programs and their bug variants answer as
// with the program-wide limit, and msq_2_2's width is smaller. The cones
// apply on models without thin air only (sc and rc11 here; relaxed's
// svcomp_fib, in TestVerifierAPIPrograms, FAILs through thin air).
func TestConeLimitsVerdicts(t *testing.T) {
	needClang(t)
	files := []string{"c11bench/msq_2_2.c", "c11bench/treiber_2_2.c", "c11bench/treiber_2_2_store_bug.c"}
	if os.Getenv("CHECKFENCE_FULL") != "" {
		// 25 CPU s more, beyond make test's budget (make check-full)
		files = append(files, "c11bench/msq_2_2_store_bug.c", "c11bench/msq_2_2_relaxed_bug.c")
	}
	for _, file := range files {
		t.Run(file, func(t *testing.T) {
			t.Parallel()
			prog, test := loadPthread(t, file)
			models := []string{"sc", "rc11"} // (not relaxed: thin air, no cones)
			if file == "c11bench/msq_2_2.c" {
				models = models[:1]
			}
			for _, m := range models {
				cone := check(t, prog, test, mining.Options{Model: model(t, m), Timeout: datatypeTimeout})
				wide := check(t, prog, test, mining.Options{Options: encode.Options{NoConeLimits: true}, Model: model(t, m), Timeout: datatypeTimeout})
				if a, b := answer(cone), answer(wide); a != b {
					t.Errorf("%s on %s: %s with cone limits, %s without", file, m, a, b)
				}
				if err := cone.CheckCounterexample(); err != nil {
					t.Errorf("%s on %s: %v", file, m, err)
				}
				if file == "c11bench/msq_2_2.c" && cone.Stats.Width >= wide.Stats.Width {
					t.Errorf("%s on %s: width %d with cone limits, %d without", file, m, cone.Stats.Width, wide.Stats.Width)
				}
			}
		})
	}
}
