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
var llmcPrograms = map[string]verdictRow{
	"llmc/sb.c":          {[]mining.Verdict{P, F, F, F, F, P, F, F, F, F, F}, "", true},
	"llmc/lb.c":          {[]mining.Verdict{P, P, P, F, F, P, P, F, F, F, P}, "", true},
	"llmc/iriw.c":        {[]mining.Verdict{P, P, P, F, F, P, P, F, F, F, F}, "", true},
	"llmc/sb_fenced.c":   {[]mining.Verdict{P, P, P, P, P, P, P, P, P, P, P}, "", true},
	"llmc/lb_fenced.c":   {[]mining.Verdict{P, P, P, P, P, P, P, P, P, P, P}, "", true},
	"llmc/iriw_fenced.c": {[]mining.Verdict{P, P, P, P, P, P, P, P, P, P, P}, "", true},
}

func TestLLMCLitmusPrograms(t *testing.T) {
	models := append(append([]string{}, llvmModels...), "sc-cat", "tso-cat", "arm8", "power", "riscv", "rc11")
	checkPthreadTable(t, models, llmcPrograms, nil)
}
