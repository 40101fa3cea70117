global x
global v
global p

proc loads_and_stores() {
    %t.7 := load<A,RLX> @x as "x"
    fence aliased-loads<mm-only,c11-after-R-RLX>
    %a := %t.7
    %t.8 := load<A,ACQ> @x as "x"
    fence load-load<mm-only,c11-after-R-ACQ>
    fence load-store<mm-only,c11-after-R-ACQ>
    %b := %t.8
    fence full<mm-only,c11-before-R-SC>
    %t.9 := load<A,SC> @x as "x"
    fence full<mm-only,c11-after-R-SC>
    %c := %t.9
    %t.4 := %a
    store<A,RLX> @x, %t.4 as "x"
    %t.5 := %b
    fence load-store<mm-only,c11-before-W-REL>
    fence store-store<mm-only,c11-before-W-REL>
    store<A,REL> @x, %t.5 as "x"
    %t.6 := %c
    fence full<mm-only,c11-before-W-SC>
    store<A,SC> @x, %t.6 as "x"
    fence full<mm-only,c11-after-W-SC>
}

proc rmw() {
    atomic {
        %t.9 := load<A,RLX> @x as "x"
        %t.10 := add(%t.9, 2)
        store<A,RLX> @x, %t.10 as "x"
    }
    fence load-store<mm-only,c11-before-RMW-ACQ_REL>
    fence store-store<mm-only,c11-before-RMW-ACQ_REL>
    atomic {
        %t.12 := load<A,ACQ_REL> @x as "x"
        %t.13 := sub(%t.12, 1)
        store<A,ACQ_REL> @x, %t.13 as "x"
    }
    fence load-load<mm-only,c11-after-RMW-ACQ_REL>
    fence load-store<mm-only,c11-after-RMW-ACQ_REL>
    fence full<mm-only,c11-before-RMW-SC>
    atomic {
        %t.15 := load<A,SC> @x as "x"
        store<A,SC> @x, 5 as "x"
    }
    fence full<mm-only,c11-after-RMW-SC>
    fence load-store<mm-only,c11-before-RMW-REL>
    fence store-store<mm-only,c11-before-RMW-REL>
    atomic {
        %t.17 := load<A,REL> @x as "x"
        %t.18 := or(%t.17, 8)
        store<A,REL> @x, %t.18 as "x"
    }
    %old := %t.17
    store @v, %old as "v"
}

proc cas(%expected) -> (%result) {
    fence load-store<mm-only,c11-before-RMW-ACQ_REL>
    fence store-store<mm-only,c11-before-RMW-ACQ_REL>
    atomic {
        %t.3 := load<A,ACQ_REL> @x as "x"
        %t.4 := eq(%t.3, %expected)
        if %t.4 {
            store<A,ACQ_REL> @x, 7 as "x"
        }
    }
    fence load-load<mm-only,c11-after-RMW-ACQ_REL>
    fence load-store<mm-only,c11-after-RMW-ACQ_REL>
    if %t.4 {
    } else {
        %expected := %t.3
    }
    %t.2 := %t.4
    %ok := and(%t.2, 1)
    store @v, %expected as "v"
    %result := and(%ok, 1)
}

proc pointers() {
    fence load-store<mm-only,c11-before-W-REL>
    fence store-store<mm-only,c11-before-W-REL>
    store<A,REL> @p, @v as "p"
    %t.3 := load<A,ACQ> @p as "p"
    fence load-load<mm-only,c11-after-R-ACQ>
    fence load-store<mm-only,c11-after-R-ACQ>
    %q := %t.3
    store %q, 1 as "*q"
}

proc fences() {
    fence load-load<ACQ>
    fence load-store<mm-only>
    fence load-store<REL>
    fence store-store<mm-only>
    fence load-load<ACQ_REL>
    fence load-store<mm-only>
    fence store-store<mm-only>
    fence full<SC>
}
