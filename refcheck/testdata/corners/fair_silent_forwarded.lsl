// A silent store read early, by forwarding, by a plain load of its own
// thread (docs/semantics.md, "Silent read-modify-writes"). a's round reads
// b's 3 with its fetch-or and writes 3 back, then the loop reads the flag
// and exits; the load of L after the loop takes the 3 from a's own store.
// The atomic blocks put that load before the store of M, which b reads
// before it stores the 3: on relaxed and rmo the load comes before the
// silent store's source in memory order, so deleting the round would leave
// it the initial 0. The round must count (a load of its own thread is not
// one that comes after), and y = 3 with v = 1 must be observed; treating
// every load as one that comes after loses it. On sc, tso and pso the
// outcome is impossible (the load of L comes after the round's load).
//# models sc tso pso relaxed rmo
//# test T = ( a | b )
global L
global F
global M
proc a() {
    observe label "a"
    l: {
        %f := load @F
        %c := eq(%f, 0)
        if %c {
            atomic {
                %r := load @L
                %o := or(%r, 1)
                store @L, %o
            }
            continue l
        }
    }
    atomic {
        %y := load @L
        store @M, 1
    }
    observe output "y" %y
}
proc b() {
    observe label "b"
    store @F, 1
    atomic {
        %v := load @M
        store @L, 3
    }
    observe output "v" %v
}
