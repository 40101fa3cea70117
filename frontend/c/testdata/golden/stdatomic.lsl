global data
global flag
global top
global counter

proc producer() {
    store @data, 42 as "data"
    fence load-store<mm-only,c11-before-W-REL>
    fence store-store<mm-only,c11-before-W-REL>
    store<A,REL> @flag, 1 as "flag"
}

proc consumer() {
    %r := -1
    %t.1 := load<A,ACQ> @flag as "flag"
    fence load-load<mm-only,c11-after-R-ACQ>
    fence load-store<mm-only,c11-after-R-ACQ>
    %t.2 := sext(%t.1, 32)
    %t.3 := eq(%t.2, 1)
    if %t.3 {
        %r := load @data as "data"
    }
    observe output "r" %r
}

proc other() {
    %e.addr := alloc local int "e"
    fence full<mm-only,c11-before-R-SC>
    %t.1 := load<A,SC> @top as "top"
    fence full<mm-only,c11-after-R-SC>
    %n := %t.1
    store %e.addr, 0 as "e"
    %t.2 := load %e.addr as "e"
    fence full<mm-only,c11-before-RMW-SC>
    atomic {
        %t.3 := load<A,SC> @flag as "flag"
        %t.4 := eq(%t.3, %t.2)
        if %t.4 {
            store<A,SC> @flag, 2 as "flag"
        }
    }
    fence full<mm-only,c11-after-RMW-SC>
    if %t.4 {
    } else {
        store %e.addr, %t.3 as "e"
    }
    atomic {
        %t.5 := load<A,RLX> @counter as "counter"
        %t.6 := add(%t.5, 2)
        store<A,RLX> @counter, %t.6 as "counter"
    }
    %t.7 := sext(%t.5, 32)
    fence full<mm-only,c11-before-RMW-SC>
    atomic {
        %t.8 := load<A,SC> @counter as "counter"
        %t.9 := add(%t.8, 1)
        store<A,SC> @counter, %t.9 as "counter"
    }
    fence full<mm-only,c11-after-RMW-SC>
    fence full<mm-only,c11-before-W-SC>
    store<A,SC> @flag, 3 as "flag"
    fence full<mm-only,c11-after-W-SC>
    fence full<mm-only,c11-before-R-SC>
    %t.10 := load<A,SC> @flag as "flag"
    fence full<mm-only,c11-after-R-SC>
    %z := %t.10
    fence full<SC>
}

proc more() {
    %e.addr := alloc local int "e"
    store %e.addr, 1 as "e"
    %t.1 := load %e.addr as "e"
    fence load-store<mm-only,c11-before-RMW-ACQ_REL>
    fence store-store<mm-only,c11-before-RMW-ACQ_REL>
    atomic {
        %t.2 := load<A,ACQ_REL> @flag as "flag"
        %t.3 := eq(%t.2, %t.1)
        if %t.3 {
            store<A,ACQ_REL> @flag, 5 as "flag"
        }
    }
    fence load-load<mm-only,c11-after-RMW-ACQ_REL>
    fence load-store<mm-only,c11-after-RMW-ACQ_REL>
    if %t.3 {
    } else {
        store %e.addr, %t.2 as "e"
    }
    atomic {
        %t.4 := load<A,ACQ> @flag as "flag"
        store<A,ACQ> @flag, 4 as "flag"
    }
    fence load-load<mm-only,c11-after-RMW-ACQ>
    fence load-store<mm-only,c11-after-RMW-ACQ>
    %t.5 := sext(%t.4, 32)
    fence full<mm-only,c11-before-RMW-SC>
    atomic {
        %t.6 := load<A,SC> @flag as "flag"
        %t.7 := or(%t.6, 8)
        store<A,SC> @flag, %t.7 as "flag"
    }
    fence full<mm-only,c11-after-RMW-SC>
    %t.8 := sext(%t.6, 32)
    store @flag, 0 as "flag"
    fence load-load<ACQ>
    fence load-store<mm-only>
    fence load-store<REL>
    fence store-store<mm-only>
    fence full<mm-only,c11-before-RMW-SC>
    atomic {
        %t.9 := load<A,SC> @counter as "counter"
        %t.10 := sub(%t.9, 2)
        store<A,SC> @counter, %t.10 as "counter"
    }
    fence full<mm-only,c11-after-RMW-SC>
    fence full<mm-only,c11-before-RMW-SC>
    atomic {
        %t.11 := load<A,SC> @counter as "counter"
        %t.12 := add(%t.11, -1)
        store<A,SC> @counter, %t.12 as "counter"
    }
    fence full<mm-only,c11-after-RMW-SC>
    fence full<mm-only,c11-before-W-SC>
    store<A,SC> @top, 0 as "top"
    fence full<mm-only,c11-after-W-SC>
}
