// Storing reload rounds into unpublished blocks (encode/reload_unpublished.go):
// pushers store their fresh node's next field in every round and
// publish the node with a CAS on X that may fail. In T two pushers are
// cut off inside their loops while the other runs; the failed rounds'
// stores go to nodes no store has published, so on sc they are deleted
// all the same and the loops need fewer iterations. In T2 the pusher
// publishes its node in P before the loop, and a reader that retries
// until it sees the node reads its next field: the failed rounds' stores
// may be read, the rule must not apply, and the observation n = 10
// (written only by a round that loaded X = 0 and failed) must stay.
//# models sc tso
//# test T = ( push | push | bump )
//# test T2 = ( pushpub | bump | peek )
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
