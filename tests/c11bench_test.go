package tests

import (
	"testing"

	"github.com/checkfence/checkfence/mining"
)

// The benchmark programs of issue 52 (llvm/pthread/c11bench: an MS queue
// and a Treiber stack with harnesses that check values, FIFO order, a
// drain and a node counter) whose checks take about a second: the correct
// 2+2 stack passes on every model; each bug fails, the relaxed
// publication only on the weak models, where rc11 also flags the race on
// the node's value. The larger rows are in the pthread table of make bench.
func TestC11BenchVerdicts(t *testing.T) {
	models := []string{"sc", "relaxed", "rc11"}
	checkPthreadTable(t, models, map[string]verdictRow{
		"c11bench/treiber_2_2.c":           {want: []mining.Verdict{P, P, P}},
		"c11bench/treiber_2_2_store_bug.c": {want: []mining.Verdict{F, F, F}},
		"c11bench/msq_fifo_bug.c":          {want: []mining.Verdict{F, F, F}},
	}, nil)
	checkPthreadTable(t, models, map[string]verdictRow{
		"c11bench/treiber_2_2_relaxed_bug.c": {want: []mining.Verdict{P, F, F}, reason: mining.ReasonRuntimeError, racy: true}, // or an assertion (orReason)
	}, nil)
	checkPthreadTable(t, models[:1], map[string]verdictRow{
		"c11bench/msq_2_2_store_bug.c": {want: []mining.Verdict{F}},
	}, nil)
}
