// A reload round whose load before the loop (acquire) and re-read (the
// relaxed CAS's read) differ in a tag rc11 sees on a read, with the fences
// matched (an aliased-loads fence after each, as the C front end puts
// after a relaxed one): only the tag comparison keeps the reload rule off
// (docs/semantics.md, "Reload rounds: tags a model does not see on a
// read"). A failed first round that reads F == 1 leaves t == 1 without
// synchronisation, so r may be 0: FAIL on rc11. Moving the acquire load to
// the CAS's place would synchronise and hide it. The same with a release
// load (a tag rc11 gives no meaning on a read) passes, the reload rule on.

global x
global F

proc writer() {
    store<A,RLX> @x, 1 as "x"
    fence load-store<mm-only,c11-before-W-REL>
    fence store-store<mm-only,c11-before-W-REL>
    store<A,REL> @F, 1 as "F"
}

proc updater_acq() {
    %l := load<A,ACQ> @F as "F"
    fence aliased-loads<mm-only,c11-after-R-RLX>
    call retry(%l)
}

proc updater_rel() {
    %l := load<A,REL> @F as "F"
    fence aliased-loads<mm-only,c11-after-R-RLX>
    call retry(%l)
}

// an acquire CAS whose failure order is relaxed (the tag fail.RLX): when
// it fails, its read is relaxed, so the acquire load before the loop must
// not take its place (read literally, fail.RLX is a tag rc11 never names,
// and the round was deleted until 2026-11-30); the CAS that succeeds
// acquires, so the test passes
proc updater_failrlx() {
    %l := load<A,ACQ> @F as "F"
    fence aliased-loads<mm-only,c11-after-R-RLX>
    call retry_acq(%l)
}

proc retry_acq(%l) {
    %t := %l
    loop1: {
        %n := add(%t, 10)
        atomic {
            %c := load<A,ACQ,fail.RLX> @F as "F"
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

proc retry(%l) {
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
