struct pair { f0, f1 }

global g : pair
global h : pair { 0 = 5, 1 = @g }
global arr : int[4] { 0 = 1, 1 = 2, 2 = 3, 3 = 4 }

proc swap(%n) -> (%result) {
    %a := 0
    %b := 1
    %i := 0
    loop1: {
        %t.1 := add(%i, 1)
        %i1 := sext(%t.1, 32)
        %c := lt(%i1, %n)
        if %c {
            %t.4 := %b
            %t.5 := %a
            %t.6 := %i1
            %a := %t.4
            %b := %t.5
            %i := %t.6
            continue loop1
        }
    }
    %r := select(%c, %a, %b)
    %result := %r
}

proc bytes() {
    store [@g 1], @h as "g.f1"
    store [@g 0], 3 as "g.f0"
    store [@h 0], 0 as "h.f0"
    store [@h 1], 0 as "h.f1"
    %t.1 := load [@g 0] as "g.f0"
    store [@h 0], %t.1 as "h.f0"
    %t.2 := load [@g 1] as "g.f1"
    store [@h 1], %t.2 as "h.f1"
}

proc rmw(%p) -> (%result) {
    atomic {
        %a := load<A,RLX> %p as "*p"
        %t.1 := lt(%a, 3)
        %t.2 := select(%t.1, 3, %a)
        store<A,RLX> %p, %t.2 as "*p"
    }
    atomic {
        %b := load<A,ACQ> %p as "*p"
        %t.3 := and(%b, %a)
        %t.4 := bitnot(%t.3)
        store<A,ACQ> %p, %t.4 as "*p"
    }
    fence load-load<mm-only,c11-after-RMW-ACQ>
    fence load-store<mm-only,c11-after-RMW-ACQ>
    fence full<mm-only,c11-before-RMW-SC>
    atomic {
        %t.5 := load<A,SC,fail.RLX> %p as "*p"
        %t.6 := eq(%t.5, %a)
        if %t.6 {
            store<A,SC> %p, %b as "*p"
        }
    }
    if %t.6 {
        fence full<mm-only,c11-after-RMW-SC>
    } else {
        fence aliased-loads<mm-only,c11-after-RMW-RLX>
    }
    %r := select(%t.6, %t.5, 0)
    %result := %r
}

proc sw(%x) -> (%result) {
    b3: {
        %t.1 := eq(%x, 1)
        if %t.1 {
            %v := 1
        } else {
            %t.2 := eq(%x, 2)
            if %t.2 {
                %v := 2
            } else {
                %w := 0
                break b3
            }
        }
        %w := %v
    }
    %result := %w
}
