// A spin loop waits for a store that only the final thread makes. The final
// thread starts after every concurrent thread completes, so it never runs:
// the waiting thread is deadlocked (both sides once said PASS, counting the
// final thread's store as a later store).
//# test T = ( wait | nop ) set
//# models sc relaxed
global X
proc wait() { spin L { %x := load @X  %z := eq(%x, 0)  if %z { continue L } } }
proc nop() { observe label "nop" }
proc set() { store @X, 1 }
