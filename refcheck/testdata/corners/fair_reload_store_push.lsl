// Storing reload rounds: Treiber's push stores the node's next field in
// every round (store @N, %t), then publishes the node with a CAS that may
// fail; the failed round's store is overwritten by the next round's and,
// in T, nobody else reads it, so the round is deleted (not cut off inside
// the loop, or superseded once the others are done). In T2 a thread reads
// N without the node being published: it may read a failed round's
// store, and the observation n = 10 (written only by a round that loaded
// X = 0 and failed) must stay. T3 pops: the popper reads N after it sees
// the node in X.
//# models sc tso pso
//# test T = ( push | bump )
//# test T2 = ( push | bump | peek )
//# test T3 = ( push | bump | pop )
global X
global N
proc push() {
    %t := load @X
    l: {
        %n := add(%t, 10)
        store @N, %n
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
    observe output "t" %t
}
proc bump() {
    store @X, 1
    store @X, 2
}
proc peek() {
    %n := load @N
    observe output "n" %n
}
proc pop() {
    %x := load @X
    %p := eq(%x, 7)
    if %p {
        %n := load @N
        observe output "n" %n
    }
}
