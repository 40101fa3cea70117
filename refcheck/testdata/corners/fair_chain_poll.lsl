// Polling under a lock (docs/semantics.md, "Chains of read-modify-writes"):
// poll takes the lock (a test-and-set spin), reads the flag and, if it is
// not set, releases the lock (a read-modify-write that asserts the lock is
// held) and goes round again. A round stores 1 and then 0 to L, and the
// next round reads the 0: only the chain rule makes such rounds cycles,
// so the loop converges. set reads L before it sets the flag, and may
// read a round's 1 (the chain's first store). The variant that reads L
// twice, where only a round followed by another gives l1 = 1, l2 = 0
// (tests/testdata/fair_chain_poll_twice.lsl), is too slow for the
// reference on the weaker models; the engine's test with and without the
// rule covers it. The reference takes a minute on relaxed here; on pso
// and rmo the poller's rounds, which store to L with no fence after them
// while set reads L plainly, are kept when the poller is cut off inside
// its loop (docs/semantics.md, "Storing cycles"), and the loop no longer
// converges; so this case runs on sc and tso. Without set the poller goes round
// forever: a livelock, since only its own chain stores follow its loads.
//# models sc tso
//# test T = ( set | poll )
//# test L = ( poll )
global L
global F
proc set() {
    observe label "set"
    %l := load @L
    store @F, 1
    observe output "l" %l
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
