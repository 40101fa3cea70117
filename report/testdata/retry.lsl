// A counter incremented by a compare-and-swap retry loop: two increments
// that contend need a second iteration, so a bound of 1 is INCONCLUSIVE.
global count

proc inc() {
    observe label "inc"
    retry: {
        %c := load @count as "count"
        %d := add(%c, 1)
        atomic {
            %e := load @count as "count"
            %ok := eq(%e, %c)
            if %ok { store @count, %d as "count" }
        }
        if %ok { break retry }
        continue retry
    }
}
