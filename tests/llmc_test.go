package tests

import (
	"testing"

	"github.com/checkfence/checkfence/mining"
)

// llmcPrograms: the pthread litmus programs of the LLMC thesis (seed 000,
// appendix B; tests/llvm/pthread/llmc), whose threads return what they
// read to main through pthread_join, without and with a fence where the
// thesis marks one. Columns: sc, tso, pso, relaxed, rmo, then the cat
// models sc-cat, tso-cat, arm8, power, riscv and rc11. SB needs a
// store-load fence wherever stores are buffered, LB happens where a load
// may pass a later store (never on rc11, whose po ∪ rf is acyclic), and
// IRIW where loads pass loads or stores reach threads at different times.
// The accesses are plain, so rc11 also flags the races.
var llmcPrograms = map[string][11]mining.Verdict{
	"sb.c":          {P, F, F, F, F, P, F, F, F, F, F},
	"lb.c":          {P, P, P, F, F, P, P, F, F, F, P},
	"iriw.c":        {P, P, P, F, F, P, P, F, F, F, F},
	"sb_fenced.c":   {P, P, P, P, P, P, P, P, P, P, P},
	"lb_fenced.c":   {P, P, P, P, P, P, P, P, P, P, P},
	"iriw_fenced.c": {P, P, P, P, P, P, P, P, P, P, P},
}

func TestLLMCLitmusPrograms(t *testing.T) {
	needClang(t)
	catModels := []string{"sc-cat", "tso-cat", "arm8", "power", "riscv", "rc11"}
	for file, want := range llmcPrograms {
		t.Run(file, func(t *testing.T) {
			t.Parallel()
			prog, test := loadPthread(t, "llmc/"+file)
			models := append(append([]string{}, llvmModels...), catModels...)
			for mi, m := range models {
				opt := mining.Options{}
				if mi < len(llvmModels) {
					opt.Model = model(t, m)
				} else {
					opt.Cat = catModel(t, m)
				}
				r := check(t, prog, test, opt)
				if r.Verdict != want[mi] {
					t.Errorf("%s on %s: %s, want %s (%s)", file, m, r.Verdict, want[mi], r.Message)
					continue
				}
				if r.Verdict == F && r.Reason != mining.ReasonAssertion {
					t.Errorf("%s on %s: FAIL for %s, want an assertion", file, m, r.Reason)
				}
				if racy := len(r.Flags) > 0; racy != (m == "rc11") {
					t.Errorf("%s on %s: flags %v", file, m, r.Flags)
				}
				if err := r.CheckCounterexample(); err != nil {
					t.Errorf("%s on %s: %v", file, m, err)
				}
			}
		})
	}
}
