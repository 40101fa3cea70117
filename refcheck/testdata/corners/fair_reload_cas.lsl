// Reload rounds (encode/reload.go): C11-style retry loops load X before
// the loop, and a failed CAS hands the value it read to the next round
// (t := c), as atomic_compare_exchange does. A failed first round is
// deleted by moving the load before the loop to the CAS's read; both
// sides must agree on the observations on every model, and on which
// executions are cut off. The pops' fences follow both the load before
// the loop and the CAS (acquire), the pushes' neither.
//# test T = two ( pop | push )
//# test T2 = ( push | push )
//# test T3 = two ( pop | pop )
global X
proc two() {
    store @X, 2
}
proc pop() {
    %t := load @X
    fence load-load
    fence load-store
    done: {
        empty: {
            l: {
                %e := eq(%t, 0)
                if %e { break empty }
                %n := sub(%t, 1)
                atomic {
                    %c := load @X
                    %s := eq(%c, %t)
                    if %s { store @X, %n }
                }
                fence load-load
                fence load-store
                if %s { break done }
                %t := %c
                continue l
            }
        }
        %t := 9
    }
    observe output "t" %t
}
proc push() {
    %t := load @X
    l: {
        %n := add(%t, 1)
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
    observe output "p" %t
}
