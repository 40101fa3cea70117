struct item { key, lock, next }

global top
global biglock

proc push(%key) {
    %it := alloc fresh item
    %t.3 := offset(%it, 0)
    store %t.3, %key as "it->key"
    %t.5 := offset(%it, 1)
    store %t.5, 0 as "it->lock"
    loop1: {
        %t := load @top as "top"
        %t.8 := offset(%it, 2)
        store %t.8, %t as "it->next"
        fence store-store
        atomic {
            %t.10 := load @top as "top"
            %t.9 := eq(%t.10, %t)
            if %t.9 {
                store @top, %it as "top"
            }
        }
        %t.12 := ne(%t.9, 0)
        %t.14 := xor(%t.12, 1)
        if %t.14 {
            continue loop1
        }
    }
}

proc op() {
    %k := choose 0 .. 2 as "lsl_nondet(0, 2)"
    observe label "op"
    observe input "k" %k
    spin lock1 {
        atomic {
            %t.2 := load @biglock as "biglock"
            store @biglock, 1 as "biglock"
        }
        %t.3 := ne(%t.2, 0)
        if %t.3 {
            continue lock1
        }
    }
    fence load-load
    fence load-store
    %t.4 := choose 0 .. 1 as "lsl_choose()"
    %t.6 := ne(%t.4, 0)
    if %t.6 {
        call push(%k)
    }
    fence load-store
    fence store-store
    atomic {
        %t.7 := load @biglock as "biglock"
        %t.8 := eq(%t.7, 1)
        assert %t.8 "unlock of a lock that is not held"
        store @biglock, 0 as "biglock"
    }
    %t.10 := ne(%k, 1)
    assume %t.10
    %t.12 := ne(%k, 3)
    assert %t.12 "k != 3"
    %t.13 := threadid()
    %t.14 := numthreads()
    %t.16 := add(%t.13, %t.14)
    observe output "id" %t.16
}

proc owner(%l) -> (%result) {
    %result := getbase(%l)
}
