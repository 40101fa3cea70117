// Fair progress: an iteration of a loop that stores counts toward the
// bound only if some load outside it reads one of its stores. Here the
// watcher sees the back-off flag go 1, 0, 1: two iterations of the
// back-off loop, the first of which is redundant only if nobody reads its
// stores. Both sides must find the observation a=1 b=0 c=1. Only on sc and
// tso: on pso, relaxed and rmo the engine keeps a superseded round whose
// stores another thread reads (docs/semantics.md, "Storing cycles": a load
// after the cut might read them), so the back-off loop never converges.
//# test T = ( backoff | watch )
//# models sc tso
global F
global V
proc backoff() {
    l: {
        store @F, 1
        store @F, 0
        %r := load @V
        %c := eq(%r, 0)
        if %c { continue l }
    }
}
proc watch() {
    observe label "watch"
    %a := load @F
    %b := load @F
    %c := load @F
    observe output "a" %a
    observe output "b" %b
    observe output "c" %c
    store @V, 1
}
