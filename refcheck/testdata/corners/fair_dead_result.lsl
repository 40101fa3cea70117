// Fair progress and liveness: a dequeue-like retry loop loads its result
// v in an iteration whose CAS then fails, so the retry starts with a v it
// will overwrite before any read: v is read only after the exit that
// wrote it, and the empty exit never reads it. The failed iteration is a
// cycle (v is not live at the loop head), so neither side needs a second
// iteration for it; both must agree on which executions are cut off, and
// on the observations.
//# test T = ( deq | put )
//# test T2 = ( deq | deq | put )
global X
global Y
proc deq() {
    ret: {
        done: {
            empty: {
                l: {
                    %h := load @X
                    %e := eq(%h, 0)
                    if %e { break empty }
                    %v := load @Y
                    atomic {
                        %x := load @X
                        %s := eq(%x, %h)
                        if %s { store @X, 0 }
                    }
                    if %s { break done }
                    continue l
                }
            }
            %t := 0
            break ret
        }
        %t := %v
    }
    observe output "v" %t
}
proc put() {
    store @Y, 5
    store @X, 1
    store @X, 2
}
