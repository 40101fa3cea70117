package report

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/checkfence/checkfence/lsl"
	"github.com/checkfence/checkfence/mining"
	"github.com/checkfence/checkfence/trace"
)

// An INCONCLUSIVE result at the unrolling limit carries the execution that
// reached the bound: it is neither a counterexample nor a witness, and the
// reports say so, naming the loop and its bound.

// traceKind says what an execution shows.
type traceKind int

const (
	kindCounterexample traceKind = iota // FAIL
	kindWitness                         // PASS: one of the (all correct) executions
	kindBound                           // INCONCLUSIVE: an execution stopped at a loop bound
)

func kindOf(v mining.Verdict) traceKind {
	switch v {
	case mining.Pass:
		return kindWitness
	case mining.Inconclusive:
		return kindBound
	}
	return kindCounterexample
}

// stoppedLoop is the loop instance a pruned thread stopped at (nil if the
// thread was not stopped or the loop is unknown).
func stoppedLoop(u *lsl.Unrolled, key lsl.LoopKey) *lsl.LoopInfo {
	if key == "" || u == nil || u.Loops == nil {
		return nil
	}
	return u.Loops[key]
}

// loopText names a loop instance: "the loop in push at stack.c:27".
func (t *traceView) loopText(li *lsl.LoopInfo) string {
	what := "the loop in " + li.Proc
	if li.Recursion {
		what = "the recursion of " + li.Proc
	}
	if li.Pos.IsValid() {
		what += " at " + t.src.where(li.Pos)
	}
	return what
}

// iterations is "1 iteration" or "n iterations".
func iterations(n int) string { return plural(n, "iteration") }

// boundLoops are the distinct loops the execution's threads stopped at, in
// thread order.
func (t *traceView) boundLoops() []*lsl.LoopInfo {
	var out []*lsl.LoopInfo
	seen := map[*lsl.LoopInfo]bool{}
	for _, th := range t.threads {
		if th.Loop != nil && !seen[th.Loop] {
			seen[th.Loop] = true
			out = append(out, th.Loop)
		}
	}
	return out
}

// boundSummary says where the execution of an INCONCLUSIVE result stopped:
// "t1 stopped at the loop in push at stack.c:27 after 8 iterations".
func (t *traceView) boundSummary() string {
	var parts []string
	for _, th := range t.threads {
		if th.Loop == nil {
			continue
		}
		parts = append(parts, fmt.Sprintf("%s stopped at %s after %s", th.Name, t.loopText(th.Loop), iterations(th.Loop.Bound)))
	}
	switch len(parts) {
	case 0:
		return "this execution reached a loop bound"
	case 1:
		return parts[0]
	}
	s := parts[0]
	for i, p := range parts[1:] {
		if i == len(parts)-2 {
			s += " and " + p
		} else {
			s += ", " + p
		}
	}
	return s
}

// Hint suggests what to do about an INCONCLUSIVE result ("" when there is
// nothing to suggest).
func Hint(r *mining.Result) string {
	switch r.Reason {
	case mining.ReasonUnrollLimit:
		if lsl.IsThreadBoundMessage(r.Message) {
			return threadBoundHint(r.Message)
		}
		bound := 0
		if r.Trace != nil && r.Trace.Program != nil {
			for _, th := range r.Trace.Threads {
				if li := stoppedLoop(r.Trace.Program, th.Loop); li != nil {
					bound = max(bound, li.Bound)
				}
			}
		}
		for _, b := range r.Bounds {
			bound = max(bound, b)
		}
		next := "a higher --max-unroll"
		if bound > 0 {
			next = "--max-unroll " + strconv.Itoa(2*bound)
		}
		h := "if the loop runs longer in this test, raise the bound (" + next + "); iterations that read nothing new " +
			"and change nothing do not count (fair progress), so this loop changes something each time: a counter " +
			"that something reads (counters nothing reads do not count), or a store another thread reads"
		if len(r.Flags) > 0 {
			h += "; or an access that a flag of the model names (" + strings.Join(r.Flags, ", ") +
				"), which keeps its iteration: remove the race, and the loop converges"
		}
		if r.FairNote != "" {
			h += "; " + r.FairNote
		}
		if x := r.Trace; x != nil && x.Program != nil && x.RMWWrites && (!x.SilentRMWs || x.SilentOrderHint != "") && stoppedRMWLoop(x.Program, x) {
			if x.SilentOrderHint != "" {
				h += "; or a read-modify-write that writes back what it read (a failed exchange or test-and-set): " +
					x.SilentOrderHint + " (docs/semantics.md, \"Silent read-modify-writes on the hardware models\")"
			} else {
				h += "; or a read-modify-write that writes back what it read (a failed exchange or test-and-set): " +
					"on this cat model that is a write, so a loop retrying one never converges (on the .mm models, " +
					"rc11, sc-cat, riscv, tso-cat and, with an order, arm8 and power it writes nothing: docs/semantics.md, \"Silent read-modify-writes\")"
			}
		}
		return h
	case mining.ReasonTimeout:
		return "give the test more time (--timeout), or check a smaller test"
	case mining.ReasonMemory:
		return "allow more memory (--max-memory), or check a smaller test"
	}
	return ""
}

// stoppedRMWLoop reports whether a loop some thread of the trace stopped
// at has an atomic block that loads and stores (a read-modify-write) in
// its unrolled iterations.
func stoppedRMWLoop(u *lsl.Unrolled, tr *trace.Execution) bool {
	if u == nil {
		return false
	}
	stopped := map[lsl.LoopKey]bool{}
	for _, th := range tr.Threads {
		if th.Loop != "" {
			stopped[th.Loop] = true
		}
	}
	found := false
	for _, th := range u.Threads {
		lsl.Walk(th.Body, func(s lsl.Stmt) bool {
			if b, ok := s.(*lsl.Block); ok && b.Iter > 0 && stopped[b.Loop] && hasRMW(b) {
				found = true
			}
			return !found
		})
	}
	return found
}

// hasRMW reports whether b holds an atomic block with a load and a store.
func hasRMW(b *lsl.Block) bool {
	rmw := false
	lsl.Walk(b, func(s lsl.Stmt) bool {
		if a, ok := s.(*lsl.Atomic); ok {
			var load, store bool
			lsl.Walk(a.Body, func(s lsl.Stmt) bool {
				switch s.(type) {
				case *lsl.Load:
					load = true
				case *lsl.Store:
					store = true
				}
				return true
			})
			rmw = rmw || load && store
		}
		return !rmw
	})
	return rmw
}

// threadBoundHint is the hint of an INCONCLUSIVE at the thread-creation
// bound, whose message says "more than N times".
func threadBoundHint(msg string) string {
	next := "a higher --max-threads"
	if m := roundsRE.FindStringSubmatch(msg); m != nil {
		if n, err := strconv.Atoi(m[1]); err == nil {
			next = "--max-threads " + strconv.Itoa(2*n)
		}
	}
	return "if the program starts more threads there, raise the thread-creation bound (" + next +
		"); --max-unroll does not change it. A correct program stays INCONCLUSIVE at every bound: " +
		"a bounded check finds only the failures within it"
}

var roundsRE = regexp.MustCompile(`more than (\d+) times`)
