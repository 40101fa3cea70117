// Reload rounds need the fences after the load before the loop to follow
// the re-read load too: here a load-load fence orders the first load of X
// before the load of Y, but nothing orders the loop's loads of X before
// it. On relaxed, t = 1 with y = 0 needs a first load of X that reads 0
// and a loop load that reads 1 — an execution without a reduced form (the
// moved load would read 1 and, fenced, see Y = 1). A reload rule that
// ignored the fences excluded it. The loop goes round at most twice (it
// retries only after reading 1), so it needs no fair progress to end.
//# test T = ( w | r )
global X
global Y
proc w() {
    store @Y, 1
    fence store-store
    store @X, 1
}
proc r() {
    %t := load @X
    fence load-load
    done: {
        l: {
            %c := load @X
            %s := eq(%c, %t)
            if %s { break done }
            %t := %c
            %one := eq(%c, 1)
            if %one { continue l }
        }
    }
    %y := load @Y
    observe output "t" %t
    observe output "y" %y
}
