package mining

import (
	"fmt"

	"github.com/checkfence/checkfence/trace"
)

// CheckCounterexample checks invariants every counterexample satisfies
// (SPEC §1: a FAIL is a real execution): a thread runs only if the threads
// it waits for completed (the concurrent threads wait for init, the final
// thread for every other thread), and deadlocks and inconsistent
// observations come from executions where no thread is cut off at a loop
// bound. The tests run it on every FAIL; it returns nil for other results.
func (r *Result) CheckCounterexample() error {
	if r.Verdict != Fail || r.Trace == nil {
		return nil
	}
	x := r.Trace
	ran := func(s string) bool { return s != "not-started" }
	for i, th := range x.Threads {
		if !ran(th.Status) {
			continue
		}
		for j, other := range x.Threads {
			if i != j && th.Kind.WaitsFor(other.Kind) && other.Status != "done" {
				return fmt.Errorf("thread %s ran although thread %s, which it waits for, is %s", th.Name, other.Name, other.Status)
			}
		}
		if th.Status == "pruned" && (r.Reason == ReasonDeadlock || r.Reason == ReasonLivelock || r.Reason == ReasonConsistency) {
			return fmt.Errorf("a %s counterexample in which thread %s is cut off at a loop bound", r.Reason, th.Name)
		}
	}
	if f := x.Failure; f != nil && f.Thread < len(x.Threads) && !ran(x.Threads[f.Thread].Status) {
		return fmt.Errorf("the failure is in thread %s, which never started", x.Threads[f.Thread].Name)
	}
	if r.Reason == ReasonDataRace {
		return checkRace(x)
	}
	return nil
}

// checkRace checks the pair of a data-race counterexample: two executed
// accesses of different threads to one location, one of them a store.
func checkRace(x *trace.Execution) error {
	rc := x.Race
	if rc == nil {
		return fmt.Errorf("a data-race counterexample without its racing pair")
	}
	a, b := x.Events[rc.First], x.Events[rc.Second]
	switch {
	case a == nil || b == nil:
		return fmt.Errorf("a racing access did not execute")
	case a.Thread == b.Thread:
		return fmt.Errorf("the racing accesses are of one thread, %s", x.Threads[a.Thread].Name)
	case a.Kind == "fence" || b.Kind == "fence" || a.Kind != "store" && b.Kind != "store":
		return fmt.Errorf("the racing accesses are a %s and a %s", a.Kind, b.Kind)
	case !a.Addr.Equal(b.Addr):
		return fmt.Errorf("the racing accesses are to %s and %s", a.AddrName, b.AddrName)
	}
	return nil
}
