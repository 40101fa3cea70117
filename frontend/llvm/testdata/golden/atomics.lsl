global x
global v
global p

proc loads_and_stores() {
    %t.7 := load @x as "x"
    fence aliased-loads
    %a := %t.7
    %t.8 := load @x as "x"
    fence load-load
    fence load-store
    %b := %t.8
    fence full
    %t.9 := load @x as "x"
    fence full
    %c := %t.9
    %t.4 := %a
    store @x, %t.4 as "x"
    %t.5 := %b
    fence load-store
    fence store-store
    store @x, %t.5 as "x"
    %t.6 := %c
    fence full
    store @x, %t.6 as "x"
    fence full
}

proc rmw() {
    atomic {
        %t.9 := load @x as "x"
        %t.10 := add(%t.9, 2)
        store @x, %t.10 as "x"
    }
    fence load-store
    fence store-store
    atomic {
        %t.12 := load @x as "x"
        %t.13 := sub(%t.12, 1)
        store @x, %t.13 as "x"
    }
    fence load-load
    fence load-store
    fence full
    atomic {
        %t.15 := load @x as "x"
        store @x, 5 as "x"
    }
    fence full
    fence load-store
    fence store-store
    atomic {
        %t.17 := load @x as "x"
        %t.18 := or(%t.17, 8)
        store @x, %t.18 as "x"
    }
    %old := %t.17
    store @v, %old as "v"
}

proc cas(%expected) -> (%result) {
    fence load-store
    fence store-store
    atomic {
        %t.3 := load @x as "x"
        %t.4 := eq(%t.3, %expected)
        if %t.4 {
            store @x, 7 as "x"
        }
    }
    fence load-load
    fence load-store
    if %t.4 {
    } else {
        %expected := %t.3
    }
    %ok := %t.4
    store @v, %expected as "v"
    %result := %ok
}

proc pointers() {
    fence load-store
    fence store-store
    store @p, @v as "p"
    %t.3 := load @p as "p"
    fence load-load
    fence load-store
    %q := %t.3
    store %q, 1 as "*q"
}

proc fences() {
    fence load-load
    fence load-store
    fence load-store
    fence store-store
    fence load-load
    fence load-store
    fence store-store
    fence full
}
