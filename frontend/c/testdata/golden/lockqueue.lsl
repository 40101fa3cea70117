struct queue { head, tail, lock }
struct node { next, value }

global queue : queue

proc init_queue(%q) {
    %dummy := alloc pool node
    %t.2 := offset(%dummy, 0)
    store %t.2, 0 as "dummy->next"
    %t.3 := offset(%q, 0)
    %t.4 := offset(%q, 1)
    store %t.4, %dummy as "q->tail"
    store %t.3, %dummy as "q->head"
    %t.5 := offset(%q, 2)
    store %t.5, 0 as "q->lock"
}

proc enqueue(%q, %value) {
    %node := alloc pool node
    %t.2 := offset(%node, 1)
    store %t.2, %value as "node->value"
    %t.3 := offset(%node, 0)
    store %t.3, 0 as "node->next"
    %t.4 := offset(%q, 2)
    spin lock1 {
        atomic {
            %t.5 := load %t.4 as "q->lock"
            store %t.4, 1 as "q->lock"
        }
        %t.6 := ne(%t.5, 0)
        if %t.6 {
            continue lock1
        }
    }
    fence load-load
    fence load-store
    %t.7 := offset(%q, 1)
    %t.8 := load %t.7 as "q->tail"
    %t.9 := offset(%t.8, 0)
    store %t.9, %node as "q->tail->next"
    %t.10 := offset(%q, 1)
    store %t.10, %node as "q->tail"
    %t.11 := offset(%q, 2)
    fence load-store
    fence store-store
    atomic {
        %t.12 := load %t.11 as "q->lock"
        %t.13 := eq(%t.12, 1)
        assert %t.13 "unlock of a lock that is not held"
        store %t.11, 0 as "q->lock"
    }
}

proc dequeue(%q, %pvalue) -> (%result) {
    ret: {
        %t.1 := offset(%q, 2)
        spin lock1 {
            atomic {
                %t.2 := load %t.1 as "q->lock"
                store %t.1, 1 as "q->lock"
            }
            %t.3 := ne(%t.2, 0)
            if %t.3 {
                continue lock1
            }
        }
        fence load-load
        fence load-store
        %t.4 := offset(%q, 0)
        %node := load %t.4 as "q->head"
        %t.6 := offset(%node, 0)
        %new_head := load %t.6 as "node->next"
        %t.8 := eq(%new_head, 0)
        if %t.8 {
            %t.9 := offset(%q, 2)
            fence load-store
            fence store-store
            atomic {
                %t.10 := load %t.9 as "q->lock"
                %t.11 := eq(%t.10, 1)
                assert %t.11 "unlock of a lock that is not held"
                store %t.9, 0 as "q->lock"
            }
            %result := 0
            break ret
        }
        %t.12 := offset(%new_head, 1)
        %t.13 := load %t.12 as "new_head->value"
        store %pvalue, %t.13 as "*pvalue"
        %t.14 := offset(%q, 0)
        store %t.14, %new_head as "q->head"
        %t.15 := offset(%q, 2)
        fence load-store
        fence store-store
        atomic {
            %t.16 := load %t.15 as "q->lock"
            %t.17 := eq(%t.16, 1)
            assert %t.17 "unlock of a lock that is not held"
            store %t.15, 0 as "q->lock"
        }
        %t.18 := ne(%node, 0)
        if %t.18 {
            free pool %node
        }
        %result := 1
    }
}

proc i() {
    call init_queue(@queue)
}

proc e() {
    %v := choose 0 .. 1 as "lsl_nondet(0, 1)"
    observe label "enqueue"
    observe input "value" %v
    call enqueue(@queue, %v)
}

proc d() {
    %v.addr := alloc local int "v"
    observe label "dequeue"
    %ok := call dequeue(@queue, %v.addr)
    observe output "ok" %ok
    if %ok {
        %t.2 := load %v.addr as "v"
        observe output "value" %t.2
    }
}
