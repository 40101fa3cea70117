// Spurious wakeups in loops (docs/semantics.md, "Condition variables"): a
// round of wait reads the signal counter C and the flag F, and if F is not
// set it waits — for C to change, or it wakes spuriously (the tagged load)
// — and goes round again. A round that woke spuriously is never repeated
// forever: without set, the waiter's only failure is the blocking wait's
// deadlock. once waits one time in a loop counting wakeups and assumes it
// was signalled: a spurious wakeup fails it.
//# test T = ( set | wait )
//# test N = ( wait )
//# test O = ( set | once )
global F
global C
proc set() {
    store @F, 1
    atomic {
        %c := load @C
        %d := add(%c, 1)
        store @C, %d
    }
}
proc wait() {
    l: {
        %seen := load @C
        %f := load @F
        %z := eq(%f, 0)
        if %z {
            %s := choose 0 .. 1
            %w := eq(%s, 0)
            if %w {
                spin w {
                    %now := load @C
                    %same := eq(%now, %seen)
                    if %same { continue w }
                }
            } else {
                %x := load<spurious-wakeup> @C
            }
            continue l
        }
    }
}
proc once() {
    %k := 0
    l: {
        %more := lt(%k, 1)
        if %more {
            %seen := load @C
            %s := choose 0 .. 1
            %w := eq(%s, 0)
            if %w {
                spin w {
                    %now := load @C
                    %same := eq(%now, %seen)
                    if %same { continue w }
                }
            } else {
                %x := load<spurious-wakeup> @C
            }
            %k := add(%k, 1)
            continue l
        }
    }
    %g := load @F
    %ok := eq(%g, 1)
    assert %ok "signalled"
}
