// Thread t2's assertion always fails, while t1 is blocked in its spin loop
// in the same executions (nothing ever stores to X). No execution is a
// deadlock (a deadlock needs no failing thread), yet mining.Check reports
// FAIL with reason deadlock: its error query finds an execution with t2
// failed and t1 blocked, and encode's Decode takes as the failure the first
// thread in thread order that did not complete — the blocked t1.
// Expected: FAIL (assertion), the message naming t2's assert.
//# test T = ( wait | fail )
global X
proc wait() { spin w { %f := load @X  %z := eq(%f, 0)  if %z { continue w } } }
proc fail() { %v := load @X  %ok := ne(%v, 0)  assert %ok "X is still 0" }
