// A retry loop that stores a loaded value into a shared global V in every
// round, fenced on both sides (docs/semantics.md, "Storing rounds behind
// fences"): a full fence after every load and after the superseding
// store. The poller's rounds until it sees X are storing cycles; after
// the loop it sets P, and the other thread, once it sees P, reads V
// twice. On pso, relaxed and rmo such a round of a poller cut off inside
// the loop is deleted only by the fence argument (without the fences the
// reader could see an overwritten V: tests/llvm/pthread/cycle_stale_bug.c).
//# test T = ( poll | other )
global X
global Y
global V
global P
proc poll() {
    l: {
        %r := load @Y
        fence full
        store @V, %r
        fence full
        %x := load @X
        fence full
        if %x {
            break l
        }
        continue l
    }
    store @P, 1
    observe output "r" %r
}
proc other() {
    store @Y, 1
    fence full
    store @X, 1
    fence full
    %p := load @P
    fence full
    %a := load @V
    fence full
    %b := load @V
    observe output "p" %p
    observe output "a" %a
    observe output "b" %b
}
