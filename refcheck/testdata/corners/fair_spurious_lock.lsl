// A wait inside a loop that wakes spuriously (docs/semantics.md, "Condition
// variables"), as the clang front end models it: wait holds the lock L and,
// while F is not set, either releases L, spins until C changes and takes L
// again, or wakes spuriously (the tagged load) and keeps L. A round that
// woke spuriously is never repeated forever: here a waiter waking
// spuriously for ever while set spins on L would be a livelock, and the
// check must instead converge to PASS. (relaxed and rmo are left out: the
// reference takes minutes on them; pso too since the engine keeps the
// waiter's superseded rounds that store L, which the setter reads:
// docs/semantics.md, "Storing cycles".)
//# test T = ( set | wait )
//# models sc tso
global L
global F
global C
proc set() {
    spin s {
        atomic {
            %a := load @L
            store @L, 1
        }
        %held := ne(%a, 0)
        if %held { continue s }
    }
    store @F, 1
    store @C, 1
    store @L, 0
}
proc wait() {
    spin s {
        atomic {
            %a := load @L
            store @L, 1
        }
        %held := ne(%a, 0)
        if %held { continue s }
    }
    l: {
        %f := load @F
        %z := eq(%f, 0)
        if %z {
            %s := choose 0 .. 1
            %w := eq(%s, 0)
            if %w {
                store @L, 0
                spin w {
                    %now := load @C
                    %same := eq(%now, 0)
                    if %same { continue w }
                }
                spin t {
                    atomic {
                        %b := load @L
                        store @L, 1
                    }
                    %h := ne(%b, 0)
                    if %h { continue t }
                }
            } else {
                %x := load<spurious-wakeup> @C
            }
            continue l
        }
    }
    store @L, 0
}
