// Storing reload rounds (encode/reload.go, reloadDeletable): a first
// round that stores Y = 1 (only when it re-reads X = 1 after loading 0)
// and fails its CAS, which never succeeds on X = 1. The assertion after
// the loop reads Y, so every failing execution has three rounds (0, 1,
// then 2, the rounds that re-read 1 being cycles): at bound
// 2 it is cut off in its second round, with the first round's store
// unread so far. A rule that deleted the round there (ignoring that its
// thread is cut off inside the loop, and that no later store of the
// thread supersedes Y) would stop at bound 2 with PASS.
//# models sc tso pso relaxed
//# test T = ( push | two )
global X
global Y
proc push() {
    %t := load @X
    l: {
        atomic {
            %c := load @X
            %s := eq(%c, %t)
            %one := ne(%t, 1)
            %s := and(%s, %one)
            if %s { store @X, 5 }
        }
        if %s { } else {
            %z := eq(%t, 0)
            %one := eq(%c, 1)
            %w := and(%z, %one)
            if %w { store @Y, 1 }
            %t := %c
            continue l
        }
    }
    %y := load @Y
    %ok := eq(%y, 0)
    assert %ok "a failed round's store"
}
proc two() {
    store @X, 1
    store @X, 2
}
