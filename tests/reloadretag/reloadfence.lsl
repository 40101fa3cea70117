// Reload rounds whose load before the loop is followed by a barrier on a
// hardware model (docs/semantics.md, "Reload rounds on cat models"): an
// acquire load is `ld; lwsync` on power and `lw; fence r,rw` on riscv.
// The moved load takes that barrier to the CAS's place only when the
// failed CAS is followed there by the same barrier.
//
// acqfenced: the CAS is relaxed, so a failed round is followed by no
// barrier. A failed first round that reads F == 1 leaves t == 1 without
// ordering the load of x after it, so r may be 0: FAIL. Moving the load
// and its barrier to the CAS's place would order it and hide the failure.
//
// acqcas: the CAS is acquire on both outcomes, followed on every path by
// the acquire RMW's barrier (lwsync on power): the round is deleted there,
// and the test passes (every read of F == 1 is ordered before the load
// of x).

global x
global F

proc writer() {
    store<A,RLX> @x, 1 as "x"
    fence load-store<mm-only,c11-before-W-REL>
    fence store-store<mm-only,c11-before-W-REL>
    store<A,REL> @F, 1 as "F"
}

proc updater_acqfenced() {
    %l := load<A,ACQ> @F as "F"
    fence load-load<mm-only,c11-after-R-ACQ>
    fence load-store<mm-only,c11-after-R-ACQ>
    %t := %l
    loop1: {
        %n := add(%t, 10)
        atomic {
            %c := load<A,RLX> @F as "F"
            %ok := eq(%c, %t)
            if %ok {
                store<A,RLX> @F, %n as "F"
            }
        }
        if %ok {
        } else {
            fence aliased-loads<mm-only,c11-after-RMW-RLX>
        }
        if %ok {
        } else {
            %t := %c
        }
        %again := xor(%ok, 1)
        if %again {
            continue loop1
        }
    }
    %r := load<A,RLX> @x as "x"
    %fine := ne(%t, 1)
    if %fine {
    } else {
        %fine := eq(%r, 1)
    }
    assert %fine "t != 1 || r == 1"
}

proc updater_acqcas() {
    %l := load<A,ACQ> @F as "F"
    fence load-load<mm-only,c11-after-R-ACQ>
    fence load-store<mm-only,c11-after-R-ACQ>
    %t := %l
    loop1: {
        %n := add(%t, 10)
        atomic {
            %c := load<A,ACQ> @F as "F"
            %ok := eq(%c, %t)
            if %ok {
                store<A,ACQ> @F, %n as "F"
            }
        }
        fence load-load<mm-only,c11-after-RMW-ACQ>
        fence load-store<mm-only,c11-after-RMW-ACQ>
        if %ok {
        } else {
            %t := %c
        }
        %again := xor(%ok, 1)
        if %again {
            continue loop1
        }
    }
    %r := load<A,RLX> @x as "x"
    %fine := ne(%t, 1)
    if %fine {
    } else {
        %fine := eq(%r, 1)
    }
    assert %fine "t != 1 || r == 1"
}
