// The corner refcheck/testdata/corners/fair_chain_poll.lsl with a setter
// that reads L twice (engine only: too slow for the reference).
// Polling under a lock (docs/semantics.md, "Chains of read-modify-writes"):
// poll takes the lock (a test-and-set spin), reads the flag and, if it is
// not set, releases the lock (a read-modify-write that asserts the lock is
// held) and goes round again. A round stores 1 and then 0 to L, and the
// next round reads the 0: only the chain rule makes such rounds cycles,
// so the loop converges. set reads L twice before it sets the flag: when
// it reads a round's 1 (the chain's first store) and then its 0, the round
// cannot be the last (the poller reads the flag before it unlocks, on sc),
// so it is a cycle followed by another round, which must count all the
// same: l1 = 1, l2 = 0 must be observed. Without set the poller goes
// round forever: a livelock, since only its own chain stores follow its
// loads.
//# test T = ( set | poll )
//# test L = ( poll )
global L
global F
proc set() {
    observe label "set"
    %l1 := load @L
    %l2 := load @L
    store @F, 1
    observe output "l1" %l1
    observe output "l2" %l2
}
proc poll() {
    observe label "poll"
    l: {
        spin s {
            atomic {
                %r := load @L
                store @L, 1
            }
            %b := ne(%r, 0)
            if %b { continue s }
        }
        %f := load @F
        %c := eq(%f, 0)
        atomic {
            %u := load @L
            %h := eq(%u, 1)
            assert %h "unlock of a lock that is not held"
            store @L, 0
        }
        if %c { continue l }
    }
    observe output "f" %f
}
