struct pthread_barrier_t { __arrivals, __n }

global lock
global once
global ready
global bar : pthread_barrier_t
global data
global table : int[2]
global main_thread_result : int[4]
global main_thread_done : int[4]
global main_thread_arg : int[4]
global main_thread_started : int[4]
global main_r_c_addr
global main_r_pthread_arg_1
global main_r_q_addr
global main_r_r_addr

proc main_init() {
    %p.addr := alloc local "p"
    %c.addr := alloc local "c"
    %q.addr := alloc local "q"
    %r.addr := alloc local "r"
    store @ready, 0 as "ready"
    %t.2 := load [@bar 1] as "bar->n"
    %t.3 := le(%t.2, 0)
    if %t.3 {
    } else {
        abort "pthread_barrier_init of a barrier that is initialized"
    }
    store [@bar 0], 0 as "bar->arrivals"
    store [@bar 1], 2 as "bar->n"
    %pthread_arg.1 := %p.addr
    store @main_r_c_addr, %c.addr as "main's c.addr"
    store @main_r_pthread_arg_1, %pthread_arg.1 as "main's pthread_arg.1"
    store @main_r_q_addr, %q.addr as "main's q.addr"
    store @main_r_r_addr, %r.addr as "main's r.addr"
}

proc main_thread1() {
    %ret := call producer(7)
    store [@main_thread_result 1], %ret as "result of producer"
    fence load-store<mm-only,c11-before-W-REL>
    fence store-store<mm-only,c11-before-W-REL>
    store<A,REL> [@main_thread_done 1], 1 as "thread 1 is done"
}

proc main_thread2() {
    %ret := call consumer(0)
    store [@main_thread_result 2], %ret as "result of consumer"
    fence load-store<mm-only,c11-before-W-REL>
    fence store-store<mm-only,c11-before-W-REL>
    store<A,REL> [@main_thread_done 2], 1 as "thread 2 is done"
}

proc main_thread3() {
    spin pthread_start {
        %pthread_start.flag := load<A,ACQ> [@main_thread_started 3] as "thread 3 waits for its pthread_create"
        %pthread_start.unset := eq(%pthread_start.flag, 0)
        if %pthread_start.unset {
            continue pthread_start
        }
    }
    fence load-load<mm-only,c11-after-R-ACQ>
    fence load-store<mm-only,c11-after-R-ACQ>
    %pthread_arg.3 := load [@main_thread_arg 3] as "argument of thread 3"
    %ret := call producer(%pthread_arg.3)
    store [@main_thread_result 3], %ret as "result of producer"
    fence load-store<mm-only,c11-before-W-REL>
    fence store-store<mm-only,c11-before-W-REL>
    store<A,REL> [@main_thread_done 3], 1 as "thread 3 is done"
}

proc main_self() {
    %c.addr := load @main_r_c_addr as "main's c.addr"
    %pthread_arg.1 := load @main_r_pthread_arg_1 as "main's pthread_arg.1"
    %q.addr := load @main_r_q_addr as "main's q.addr"
    %r.addr := load @main_r_r_addr as "main's r.addr"
    store %pthread_arg.1, 1 as "pthread_create's handle of thread 1"
    %pthread_arg.2 := %c.addr
    store %pthread_arg.2, 2 as "pthread_create's handle of thread 2"
    %t.4 := load %c.addr as "c"
    %pthread_done_at.1 := offset(@main_thread_done, %t.4)
    spin pthread_join1 {
        %pthread_join1.flag := load<A,ACQ> %pthread_done_at.1 as "pthread_join waits for the thread"
        %pthread_join1.unset := eq(%pthread_join1.flag, 0)
        if %pthread_join1.unset {
            continue pthread_join1
        }
    }
    fence load-load<mm-only,c11-after-R-ACQ>
    fence load-store<mm-only,c11-after-R-ACQ>
    %pthread_result_at.1 := offset(@main_thread_result, %t.4)
    %pthread_result.1 := load %pthread_result_at.1 as "the joined thread's result"
    store %r.addr, %pthread_result.1 as "pthread_join's result"
    %t.5 := load %r.addr as "r"
    %t.6 := load %t.5 as "*r"
    %t.7 := load %r.addr as "r"
    %t.8 := load %t.7 as "*r"
    %pthread_arg.3 := %t.8
    %pthread_arg.4 := %q.addr
    store %pthread_arg.4, 3 as "pthread_create's handle of thread 3"
    store [@main_thread_arg 3], %pthread_arg.3 as "pthread_create's argument of thread 3"
    fence load-store<mm-only,c11-before-W-REL>
    fence store-store<mm-only,c11-before-W-REL>
    store<A,REL> [@main_thread_started 3], 1 as "pthread_create starts thread 3"
}

proc main_final() {
    %t.11 := load @data as "data"
    %t.13 := ne(%t.11, 7)
    if %t.13 {
        abort "exit(1)"
    }
}

proc producer(%arg) -> (%result) {
    atomic {
        %t.1 := load<A,RLX> @once as "once"
        %t.2 := eq(%t.1, 0)
        if %t.2 {
            store<A,RLX> @once, 1 as "once"
        }
    }
    if %t.2 {
        call init()
        fence load-store
        fence store-store
        store<A,RLX> @once, 2 as "once"
    } else {
        spin once1 {
            %t.3 := load<A,RLX> @once as "once"
            %t.4 := ne(%t.3, 2)
            if %t.4 {
                continue once1
            }
        }
    }
    fence load-load
    fence load-store
    spin wrlock2 {
        atomic {
            %t.5 := load<A,RLX> @lock as "lock"
            %t.6 := eq(%t.5, 0)
            if %t.6 {
                store<A,RLX> @lock, -1 as "lock"
            }
        }
        %t.7 := eq(%t.6, 0)
        if %t.7 {
            continue wrlock2
        }
    }
    fence load-load
    fence load-store
    store @data, %arg as "data"
    fence load-store
    fence store-store
    atomic {
        %t.8 := load<A,RLX> @lock as "lock"
        %t.9 := ne(%t.8, 0)
        assert %t.9 "unlock of a read-write lock that is not held"
        %t.10 := eq(%t.8, -1)
        %t.11 := sub(%t.8, 1)
        %t.12 := select(%t.10, 0, %t.11)
        store<A,RLX> @lock, %t.12 as "lock"
    }
    fence load-store
    fence store-store
    atomic {
        %t.13 := load<A,RLX> @ready as "ready"
        %t.14 := add(%t.13, 1)
        store<A,RLX> @ready, %t.14 as "ready"
    }
    %t.15 := load [@bar 1] as "bar->n"
    %t.16 := lt(0, %t.15)
    if %t.16 {
    } else {
        abort "pthread_barrier_wait on a barrier that is not initialized or destroyed"
    }
    fence load-store
    fence store-store
    atomic {
        %t.17 := load [@bar 0] as "bar->arrivals"
        %t.18 := add(%t.17, 1)
        store [@bar 0], %t.18 as "bar->arrivals"
    }
    %t.19 := mod(%t.17, %t.15)
    %t.20 := sub(%t.17, %t.19)
    %t.21 := add(%t.20, %t.15)
    %t.22 := add(%t.17, 1)
    %t.23 := eq(%t.22, %t.21)
    %t.26 := eq(%t.23, 0)
    if %t.26 {
        spin barrier3 {
            %t.24 := load<A,ACQ> [@bar 0] as "bar->arrivals"
            %t.25 := lt(%t.24, %t.21)
            if %t.25 {
                continue barrier3
            }
        }
    }
    fence load-load
    fence load-store
    %t.28 := mul(%t.23, -1)
    %t.30 := eq(%t.28, -1)
    if %t.30 {
        %result := 1
    } else {
        %result := 0
    }
}

proc consumer(%arg) -> (%result) {
    %t.1 := alloc fresh
    store %t.1, 0 as "*t.1"
    %seen := %t.1
    spin sem_wait1 {
        atomic {
            %t.2 := load<A,RLX> @ready as "ready"
            %t.3 := ne(%t.2, 0)
            if %t.3 {
                %t.4 := sub(%t.2, 1)
                store<A,RLX> @ready, %t.4 as "ready"
            }
        }
        %t.5 := eq(%t.2, 0)
        if %t.5 {
            continue sem_wait1
        }
    }
    fence load-load
    fence load-store
    spin rdlock2 {
        atomic {
            %t.6 := load<A,RLX> @lock as "lock"
            %t.7 := le(0, %t.6)
            if %t.7 {
                %t.8 := add(%t.6, 1)
                store<A,RLX> @lock, %t.8 as "lock"
            }
        }
        %t.9 := eq(%t.7, 0)
        if %t.9 {
            continue rdlock2
        }
    }
    fence load-load
    fence load-store
    %t.10 := load @data as "data"
    store %seen, %t.10 as "*seen"
    fence load-store
    fence store-store
    atomic {
        %t.11 := load<A,RLX> @lock as "lock"
        %t.12 := ne(%t.11, 0)
        assert %t.12 "unlock of a read-write lock that is not held"
        %t.13 := eq(%t.11, -1)
        %t.14 := sub(%t.11, 1)
        %t.15 := select(%t.13, 0, %t.14)
        store<A,RLX> @lock, %t.15 as "lock"
    }
    %t.16 := load [@bar 1] as "bar->n"
    %t.17 := lt(0, %t.16)
    if %t.17 {
    } else {
        abort "pthread_barrier_wait on a barrier that is not initialized or destroyed"
    }
    fence load-store
    fence store-store
    atomic {
        %t.18 := load [@bar 0] as "bar->arrivals"
        %t.19 := add(%t.18, 1)
        store [@bar 0], %t.19 as "bar->arrivals"
    }
    %t.20 := mod(%t.18, %t.16)
    %t.21 := sub(%t.18, %t.20)
    %t.22 := add(%t.21, %t.16)
    %t.23 := add(%t.18, 1)
    %t.24 := eq(%t.23, %t.22)
    %t.27 := eq(%t.24, 0)
    if %t.27 {
        spin barrier3 {
            %t.25 := load<A,ACQ> [@bar 0] as "bar->arrivals"
            %t.26 := lt(%t.25, %t.22)
            if %t.26 {
                continue barrier3
            }
        }
    }
    fence load-load
    fence load-store
    %t.29 := mul(%t.24, -1)
    %result := %seen
}

proc init() {
    store [@table 0], 1 as "table[0]"
}
