// Store buffering: FAILs on relaxed, PASSes on sc.
global X
global Y
proc wx() { observe label "wx"  store @X, 1 }
proc wy() { observe label "wy"  store @Y, 1 }
proc rx() { observe label "rx"  %r := load @X  observe output "r" %r }
proc ry() { observe label "ry"  %r := load @Y  observe output "r" %r }
// A loop that counts forever: its state changes every iteration, so even
// fair progress cannot end it (INCONCLUSIVE at any unrolling limit).
proc spin_forever() {
    observe label "spin"  %n := 0
    L: {
        %r := load @X
        %c := eq(%r, 7)
        if %c { break L }
        %n := add(%n, 1)
        store @Y, %n
        continue L
    }
}
