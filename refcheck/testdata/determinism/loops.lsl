// Loops that need several unrolling rounds, with a counterexample: the
// consumer may see the counter go backwards on relaxed.
//# test Count = ( count | watch | watch )
global X
proc count() {
    %i := 0
    l: {
        %i := add(%i, 1)
        store @X, %i
        %more := lt(%i, 3)
        if %more { continue l }
    }
}
proc watch() {
    observe label "watch"
    %a := load @X
    %b := load @X
    observe output "a" %a
    observe output "b" %b
    %j := 0
    w: {
        %c := load @X
        %j := add(%j, 1)
        %z := eq(%c, 0)
        %few := lt(%j, 2)
        %again := and(%z, %few)
        if %again { continue w }
    }
    observe output "c" %c
}
