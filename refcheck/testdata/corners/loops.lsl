// Loops need more than one iteration; the engine's lazy unrolling and the
// reference (with the engine's bounds) must agree that no execution is
// pruned.
//# test T = ( producer | consumer )
global X
global Done
proc producer() {
    %i := 0
    l: {
        store @X, %i
        %i := add(%i, 1)
        %more := lt(%i, 3)
        if %more { continue l }
    }
    fence store-store
    store @Done, 1
}
proc consumer() {
    observe label "c"
    %d := load @Done
    fence load-load
    %x := load @X
    observe output "d" %d
    observe output "x" %x
}
