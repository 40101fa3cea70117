package mining

import "fmt"

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
	return nil
}
