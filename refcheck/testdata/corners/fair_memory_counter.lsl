// Fair progress: at a loop's bound only cycles that store nothing are
// exempt from unrolling further. This loop keeps its state in memory: its
// registers repeat, but each iteration stores what the next one reads, so
// the iterations beyond the bound differ. It must be unrolled three times
// (the final thread observes 2), with and without fair progress.
//# test T = ( count ) show
global V
proc count() {
    l: {
        %r := load @V
        %c := lt(%r, 2)
        if %c {
            %s := add(%r, 1)
            store @V, %s
            continue l
        }
    }
}
proc show() { observe label "show"  %v := load @V  observe output "v" %v }
