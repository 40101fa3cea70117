package report

import (
	"strings"

	"github.com/checkfence/checkfence/mining"
)

// TraceLegend explains the notation of text traces. "checkfence run"
// prints it once, under the first trace; "checkfence help traces" prints it
// too.
const TraceLegend = `How to read a trace:
  thread t1             a concurrent thread of the test (init and final run
                        before and after all of them); under it, its
                        operations with their inputs and outputs
  #5                    the access's place in the memory order, the order in
                        which accesses take effect (#1 first); fences have none
  node#2.next           the location: the second node allocated, its field next
                        (queue.tail: field tail of the global queue)
  (tail->next)          the C expression that made the access
  ← t1 store @ q.c:48 (#15)
                        the store this load read: its thread, source line and
                        place in the memory order
  ← init store @ …      a store of the init thread (the test's first operations)
  ← initial value       nothing was stored there yet: globals start as their
                        initializer or 0, allocated memory undefined (undef)
  ↑ before #16          this access takes effect before #16, an access that
                        comes before it in its thread's program order: a
                        reordering the memory model allows and sequential
                        consistency would not (a fence can forbid it)
  ┌ │ └  (or [)         the accesses of one atomic block (a CAS, a lock)
  choose  f() = 7       a nondeterministic choice (__VERIFIER_nondet_int(),
                        lsl_nondet) and the value it took
  ✗ runtime error: …    the failing statement, with its source line
  reordered by the memory model
                        the reordered pairs, those on the path to the failure
                        first (the accesses whose values flow into the failing
                        check or the differing observation); -v lists them all
  why no serial execution explains it
                        the observation next to those of the serial executions
                        (each operation alone, start to finish), differences
                        marked with ^
`

// CatTraceLegend is TraceLegend for traces of cat models, which have no
// memory order: no place numbers, no reorderings, and the store a load read
// is its rf edge. Its MODEL is the model's name (catTraceLegend).
const CatTraceLegend = `How to read a trace (cat model):
  thread t1             a concurrent thread of the test (init and final run
                        before and after all of them); under it, its
                        operations with their inputs and outputs
  node#2.next           the location: the second node allocated, its field next
                        (queue.tail: field tail of the global queue)
  (tail->next)          the C expression that made the access
  ← t1 store @ q.c:48   the store this load read (its rf edge): its thread and
                        source line
  ← init store @ …      a store of the init thread (the test's first operations)
  ← initial value       nothing was stored there yet: globals start as their
                        initializer or 0, allocated memory undefined (undef)
  ┌ │ └  (or [)         the accesses of one atomic block (a CAS, a lock)
  choose  f() = 7       a nondeterministic choice (__VERIFIER_nondet_int(),
                        lsl_nondet) and the value it took
  ✗ runtime error: …    the failing statement, with its source line
  why MODEL allows it
                        a cycle of program order (po) and communication (rf:
                        read by, co: overwritten by, fr: reads a value then
                        overwritten by) that sequential consistency forbids,
                        and its program-order steps that the model's checks
                        do not order: what a fence or dependency must add
  The execution is one the model's axioms allow (its flags, if any fire, are
  listed with the result); cat models order accesses by their relations, not
  by one memory order, so accesses carry no place numbers.
`

// legendFor is the legend of a trace: TraceLegend when the execution has
// a memory order, CatTraceLegend when it has none (a cat model's).
func legendFor(r *mining.Result) string {
	legend := TraceLegend
	if r.Trace != nil && len(r.Trace.Order) == 0 && r.Trace.Program != nil && !r.Trace.MemoryOrder {
		legend = catTraceLegend(r)
	}
	if r.Reason == mining.ReasonDataRace {
		legend += RaceLegend
	}
	if hasMapFences(r) {
		legend += C11FoldLegend
	}
	return legend
}

// catTraceLegend is CatTraceLegend with the name of r's model (the one
// the "why … allows it" part of its traces names).
func catTraceLegend(r *mining.Result) string {
	model := "the model"
	if g := r.Trace.CatGraph(); g != nil && g.Model != "" {
		model = g.Model
	}
	return strings.Replace(CatTraceLegend, "why MODEL allows it", "why "+model+" allows it", 1)
}

// C11FoldLegend explains the orders on the atomic accesses of a C11
// program on a .mm model (c11fold.go).
const C11FoldLegend = `  store release         an atomic access of a C11 program and its memory order
                        (fence acquire: atomic_thread_fence); the fences the
                        front end adds around it for this model are folded
                        into it (-v lists them)
`
