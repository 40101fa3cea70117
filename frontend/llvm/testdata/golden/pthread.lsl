global m
global counter
global done
global main_one = 1
global main_two = 2
global main_r_seen

proc worker(%arg) -> (%result) {
    %step := load %arg as "*arg"
    spin lock1 {
        atomic {
            %t.4 := load @m as "m"
            store @m, 1 as "m"
        }
        %t.5 := ne(%t.4, 2)
        if %t.5 {
        } else {
            abort "pthread_mutex_lock of a destroyed mutex"
        }
        %t.6 := ne(%t.4, 0)
        if %t.6 {
            continue lock1
        }
    }
    fence load-load
    fence load-store
    %t.7 := load @counter as "counter"
    %t.9 := add(%t.7, %step)
    store @counter, %t.9 as "counter"
    fence load-store
    fence store-store
    atomic {
        %t.10 := load @m as "m"
        %t.11 := eq(%t.10, 1)
        assert %t.11 "unlock of a lock that is not held"
        store @m, 0 as "m"
    }
    fence full<mm-only,c11-before-RMW-SC>
    atomic {
        %t.12 := load<A,SC> @done as "done"
        %t.13 := add(%t.12, 1)
        store<A,SC> @done, %t.13 as "done"
    }
    fence full<mm-only,c11-after-RMW-SC>
    %result := 0
}

proc main_init() {
    store @counter, 10 as "counter"
}

proc main_thread1() {
    %ret := call worker(@main_one)
}

proc main_thread2() {
    %ret := call worker(@main_two)
}

proc main_self() {
    fence full<mm-only,c11-before-R-SC>
    %t.3 := load<A,SC> @done as "done"
    fence full<mm-only,c11-after-R-SC>
    %seen := %t.3
    store @main_r_seen, %seen as "main's seen"
}

proc main_final() {
    %seen := load @main_r_seen as "main's seen"
    %t.4 := load @counter as "counter"
    %t.6 := eq(%t.4, 13)
    assert %t.6 "counter == 13"
    %t.8 := le(%seen, 2)
    assert %t.8 "seen <= 2"
}
