// Final threads that lean on their own memory order (docs/semantics.md,
// "The final thread in program order"): store forwarding, a use after
// free in program order, a block freed and taken again, an atomic block,
// fences, and spin loops on values the final thread wrote itself or that
// the threads left behind. tests/finalorder_test.go checks that their
// executions are the same with the final thread in program order and
// with the plain encoding.
//# test Fwd = ( wx ) fwd
//# test FreeOk = ( pubkeep ) freeok
//# test FreeUse = ( pubkeep ) freeuse
//# test Retake = ( pubkeep ) retake
//# test Atomic = ( wx | wx2 ) tas
//# test SpinOwn = ( wx ) spinown
//# test SpinLeft = ( setmaybe | wx ) spinleft
//# test Drain = ( pubkeep | pubkeep ) drain
struct node { next, value }
global X
global F
global Head
proc wx() { store @X, 1 }
proc wx2() { store @X, 2 }
proc fwd() {
    %a := load @X
    store @X, 5
    %b := load @X
    fence store-store
    store @X, 6
    fence load-load
    %c := load @X
    observe output "a" %a
    observe output "b" %b
    observe output "c" %c
}
proc pubkeep() {
    %n := alloc pool node
    %f := offset(%n, 1)
    store %f, 1
    %h := load @Head
    store %n, %h
    store @Head, %n
}
proc freeok() {
    %h := load @Head
    %f := offset(%h, 1)
    %v := load %f
    free pool %h
    observe output "v" %v
}
proc freeuse() {
    %h := load @Head
    free pool %h
    %f := offset(%h, 1)
    %v := load %f
    observe output "v" %v
}
proc retake() {
    %h := load @Head
    free pool %h
    %n := alloc pool node
    %f := offset(%n, 1)
    store %f, 7
    %g := offset(%h, 1)
    %v := load %g
    observe output "v" %v
}
proc tas() {
    atomic {
        %r := load @X
        store @X, 9
    }
    %s := load @X
    observe output "r" %r
    observe output "s" %s
}
proc spinown() {
    store @F, 0
    l: {
        %f := load @F
        %c := eq(%f, 0)
        if %c { continue l }
    }
    observe output "f" %f
}
proc setmaybe() {
    %x := load @X
    %c := eq(%x, 0)
    if %c { store @F, 1 }
}
proc spinleft() {
    l: {
        %f := load @F
        %c := eq(%f, 0)
        if %c { continue l }
    }
    store @F, 2
    %g := load @F
    observe output "g" %g
}
proc drain() {
    %h := load @Head
    %n := load %h
    store @Head, %n
    %f := offset(%h, 1)
    %v := load %f
    free pool %h
    %c := eq(%n, 0)
    if %c { } else {
        %m := load %n
        store @Head, %m
        %g := offset(%n, 1)
        %w := load %g
        free pool %n
        %u := load %g
        observe output "w" %w
        observe output "u" %u
    }
    observe output "v" %v
}
