// Michael and Scott's nonblocking queue, written directly in LSL, without any fences
// (so it FAILs on relaxed). Nodes come from the non-reusing allocator, so the
// algorithm needs no ABA counters. CAS is an atomic block (Fig. 3.8).

struct node_t { next, value }
struct queue_t { head, tail }
global queue : queue_t

proc init_queue() {
    %n := alloc fresh node_t
    %nn := offset(%n, 0)
    store %nn, 0 as "node->next"
    store [@queue 0], %n as "queue->head"
    store [@queue 1], %n as "queue->tail"
}

proc enqueue(%v) {
    %node := alloc fresh node_t
    %pv := offset(%node, 1)
    store %pv, %v as "node->value"
    %pn := offset(%node, 0)
    store %pn, 0 as "node->next"
    retry: {
        %tail := load [@queue 1] as "queue->tail"
        %tn := offset(%tail, 0)
        %next := load %tn as "tail->next"
        %t2 := load [@queue 1] as "queue->tail"
        %same := eq(%tail, %t2)
        if %same {
            %isnull := eq(%next, 0)
            if %isnull {
                atomic {                   // cas(&tail->next, next, node)
                    %o := load %tn as "tail->next"
                    %ok := eq(%o, %next)
                    if %ok { store %tn, %node as "tail->next" }
                }
                if %ok { break retry }
            } else {
                atomic {                   // cas(&queue->tail, tail, next)
                    %o := load [@queue 1] as "queue->tail"
                    %ok2 := eq(%o, %tail)
                    if %ok2 { store [@queue 1], %next as "queue->tail" }
                }
            }
        }
        continue retry
    }
    atomic {                               // cas(&queue->tail, tail, node)
        %o := load [@queue 1] as "queue->tail"
        %ok3 := eq(%o, %tail)
        if %ok3 { store [@queue 1], %node as "queue->tail" }
    }
}

proc dequeue() -> (%res, %val) {
    retry: {
        %head := load [@queue 0] as "queue->head"
        %tail := load [@queue 1] as "queue->tail"
        %hn := offset(%head, 0)
        %next := load %hn as "head->next"
        %h2 := load [@queue 0] as "queue->head"
        %same := eq(%head, %h2)
        if %same {
            %empty := eq(%head, %tail)
            if %empty {
                %isnull := eq(%next, 0)
                if %isnull {
                    %res := 0
                    break retry
                }
                atomic {                   // cas(&queue->tail, tail, next)
                    %o := load [@queue 1] as "queue->tail"
                    %ok := eq(%o, %tail)
                    if %ok { store [@queue 1], %next as "queue->tail" }
                }
            } else {
                %pv := offset(%next, 1)
                %val := load %pv as "next->value"
                atomic {                   // cas(&queue->head, head, next)
                    %o := load [@queue 0] as "queue->head"
                    %ok := eq(%o, %head)
                    if %ok { store [@queue 0], %next as "queue->head" }
                }
                if %ok {
                    %res := 1
                    break retry
                }
            }
        }
        continue retry
    }
}

// test operations
proc i() { call init_queue() }
proc e() {
    %v := choose 0 .. 1
    observe label "enqueue"
    observe input "val" %v
    call enqueue(%v)
}
proc d() {
    observe label "dequeue"
    %r, %v := call dequeue()
    observe output "ok" %r
    if %r { observe output "val" %v }
}
