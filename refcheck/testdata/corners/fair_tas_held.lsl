// A test-and-set lock that one thread never releases: the other spins
// forever on silent exchanges, a livelock on every model (its loads read
// final values: only silent stores follow them). Both sides must report
// it rather than cut the spinning thread off.
//# test T = ( take | spin )
global L
proc take() {
    observe label "take"
    atomic {
        %r := load @L
        store @L, 1
    }
    observe output "r" %r
}
proc spin() {
    observe label "spin"
    l: {
        atomic {
            %s := load @L
            store @L, 1
        }
        %c := eq(%s, 1)
        if %c { continue l }
    }
    store @L, 0
}
