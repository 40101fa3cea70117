// Storing reload rounds into unpublished blocks (encode/reload_unpublished.go):
// pushers store their fresh node's next field in every round and
// publish the node with a CAS on X that may fail. In T two pushers are
// cut off inside their loops while the other runs; the failed rounds'
// stores go to nodes no store has published, so on sc they are deleted
// all the same and the loops need fewer iterations. In T2 the pusher
// publishes its node in P before the loop, and a reader that retries
// until it sees the node reads its next field: the failed rounds' stores
// may be read, the rule must not apply, and the observation n = 10
// (written only by a round that loaded X = 0 and failed) must stay. T3
// is fair_reload_store_cutoff.lsl on a fresh node: the first round
// stores 1 into the node only when it re-reads X = 1 after loading 0, no
// later round supersedes that store, and the pusher's own load after the
// loop reads it, so every failing execution has three rounds; a rule that
// deleted the round without its store being superseded would stop at
// bound 2 with PASS.
//# models sc tso
//# test T = ( push | push | bump )
//# test T2 = ( pushpub | bump | peek )
//# test T3 = ( pushcut | two )
struct node { next }
global X
global P
proc push() {
    %n := alloc fresh node
    %t := load @X
    l: {
        %v := add(%t, 10)
        %f := offset(%n, 0)
        store %f, %v
        atomic {
            %c := load @X
            %s := eq(%c, %t)
            if %s { store @X, %n }
        }
        if %s { } else {
            %t := %c
            continue l
        }
    }
}
proc pushpub() {
    %n := alloc fresh node
    store @P, %n
    %t := load @X
    l: {
        %v := add(%t, 10)
        %f := offset(%n, 0)
        store %f, %v
        atomic {
            %c := load @X
            %s := eq(%c, %t)
            if %s { store @X, 7 }
        }
        if %s { } else {
            %t := %c
            continue l
        }
    }
}
proc bump() {
    store @X, 1
    store @X, 2
}
proc peek() {
    l: {
        %p := load @P
        %z := eq(%p, 0)
        if %z { continue l }
    }
    %f := offset(%p, 0)
    %n := load %f
    observe output "n" %n
}
proc pushcut() {
    %n := alloc fresh node
    %f := offset(%n, 0)
    store %f, 0
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
            if %w { store %f, 1 }
            %t := %c
            continue l
        }
    }
    %y := load %f
    %ok := eq(%y, 0)
    assert %ok "a failed round's store"
}
proc two() {
    store @X, 1
    store @X, 2
}
