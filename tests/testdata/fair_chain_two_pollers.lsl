// Two pollers of one lock word (docs/semantics.md, "Cut-off threads and
// joint livelocks"): a round of poll takes the lock L (an exchange that
// finds it free: the last iteration of a spin loop), reads F and releases
// L; if F is not set it goes round again. The pollers
// read each other's stores to L, so a round is a cycle only by the chain
// rule, and a poller cut off at its bound keeps its rounds unless the rule
// for globals only read-modify-writes touch deletes them: L is one. So
// with set the check converges. Without set the pollers go round forever
// together: a joint livelock, since each one's loads are followed only by
// the chain stores of the other.
//# test T = ( set | poll | poll )
//# test L = ( poll | poll )
global L
global F
proc set() {
    store @F, 1
}
proc poll() {
    l: {
        atomic {
            %a := load @L
            store @L, 1
        }
        %free := eq(%a, 0)
        assume %free
        %f := load @F
        atomic {
            %b := load @L
            store @L, 0
        }
        %c := eq(%f, 0)
        if %c { continue l }
    }
}
