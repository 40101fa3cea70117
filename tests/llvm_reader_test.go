package tests

import (
	"testing"

	"github.com/checkfence/checkfence/mining"
)

// LLVM IR that llir could not read or the LLVM front end refused (issue
// 47): an offset from null as a constant-expression index (the kernel's
// container_of), string literals copied into char buffers and read
// through pointers, and aligned_alloc. Each has a program that holds and
// one that fails.
func TestLLVMReaderConstructs(t *testing.T) {
	checkPthreadTable(t, []string{"sc", "tso", "relaxed"}, map[string]verdictRow{
		"string_literal.c":        {[]mining.Verdict{P, P, P}, "", false},
		"string_literal_bug.c":    {[]mining.Verdict{F, F, F}, "", false},
		"container_of_null.c":     {[]mining.Verdict{P, P, P}, "", false},
		"container_of_null_bug.c": {[]mining.Verdict{F, F, F}, "", false},
		"aligned_alloc.c":         {[]mining.Verdict{P, P, P}, "", false},
		// the consumer reads a field before it is written
		"aligned_alloc_bug.c": {[]mining.Verdict{P, P, F}, mining.ReasonRuntimeError, false},
	}, nil)
}
