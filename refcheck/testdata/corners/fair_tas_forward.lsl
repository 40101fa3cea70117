// A silent store read by a plain load of its own thread: each round first
// reads the lock plainly, and that load reads the previous round's silent
// store. On sc, tso and pso loads take effect in program order, so the
// plain load comes after the previous round's exchange and the round is
// deleted like a storeless one (axioms.LoadsInOrder). On relaxed and rmo
// it may read the store early, by forwarding, and the round counts: the
// loop does not converge there, so this case runs on the three models.
// The round does not start with its exchange: at the bound the reference
// and the engine keep the cut-off.
//# models sc tso pso
//# test T = ( a | b )
global L
global X
proc a() {
    observe label "a"
    l: {
        %s := load @L
        atomic {
            %r := load @L
            store @L, 1
        }
        %c := eq(%r, 1)
        if %c { continue l }
    }
    %x := load @X
    observe output "x" %x
    store @L, 0
}
proc b() {
    observe label "b"
    store @X, 1
    l: {
        atomic {
            %r := load @L
            store @L, 1
        }
        %c := eq(%r, 1)
        if %c { continue l }
    }
    store @X, 2
    store @L, 0
}
