// A thread's loop is cut off at the loop bound and the final operation
// asserts on the loop's result. The final thread joins every thread, so it
// runs only in executions where all of them completed. The engine once ran
// it after a thread stopped at the bound and reported the assertion as a
// FAIL (an execution that does not exist); the answer is PASS once the loop
// is unrolled three times.
//# test T = ( count | nop ) check
//# test U = init ( count | nop ) check
global X
proc init() { store @X, 5 }
proc count() {
    %i := 0
    l: {
        store @X, %i
        %i := add(%i, 1)
        %more := lt(%i, 3)
        if %more { continue l }
    }
}
proc nop() { observe label "nop" }
proc check() { %x := load @X  %ok := eq(%x, 2)  assert %ok "the count reached 2" }
