// A copy of lsl/testdata/queue.lsl, so the report goldens do not change with it.
// Michael and Scott's non-blocking queue (PODC 1996), written directly in
// LSL. Compare-and-swap is an atomic block without an implied fence; the
// fences are the ones the relaxed model needs.

struct node_t { next, value }
struct queue_t { head, tail }

global queue : queue_t

// cas stores %new at %loc if %loc holds %old; %ok tells whether it did.
proc cas(%loc, %old, %new) -> (%ok) {
    atomic {
        %cur := load %loc
        %ok := eq(%cur, %old)
        if %ok {
            store %loc, %new
        }
    }
}

proc init_queue() {
    %dummy := alloc fresh node_t
    %next := offset(%dummy, 0)
    store %next, 0 as "dummy->next"
    store [@queue 0], %dummy as "queue->head"
    store [@queue 1], %dummy as "queue->tail"
}

proc enqueue(%value) {
    %node := alloc fresh node_t
    %val := offset(%node, 1)
    store %val, %value as "node->value"
    %next := offset(%node, 0)
    store %next, 0 as "node->next"
    fence store-store
    retry: {
        %tail := load [@queue 1] as "queue->tail"
        %tnext := offset(%tail, 0)
        %succ := load %tnext as "tail->next"
        fence load-load
        %tail2 := load [@queue 1] as "queue->tail"
        %same := eq(%tail, %tail2)
        if %same {
            %isnull := eq(%succ, 0)
            if %isnull {
                %ok := call cas(%tnext, 0, %node)
                if %ok { break retry }
            } else {
                %ignored := call cas([@queue 1], %tail, %succ)
            }
        }
        continue retry
    }
    %done := call cas([@queue 1], %tail, %node)
}

proc dequeue() -> (%found, %value) {
    retry: {
        %head := load [@queue 0] as "queue->head"
        %tail := load [@queue 1] as "queue->tail"
        %hnext := offset(%head, 0)
        %next := load %hnext as "head->next"
        fence load-load
        %head2 := load [@queue 0] as "queue->head"
        %same := eq(%head, %head2)
        if %same {
            %empty := eq(%head, %tail)
            if %empty {
                %nonext := eq(%next, 0)
                if %nonext {
                    %found := 0
                    break retry
                }
                %ignored := call cas([@queue 1], %tail, %next)
            } else {
                %pval := offset(%next, 1)
                %value := load %pval as "next->value"
                %ok := call cas([@queue 0], %head, %next)
                if %ok {
                    %found := 1
                    break retry
                }
            }
        }
        continue retry
    }
}

// The operations of the tests in queue.tst.
proc i() {
    call init_queue()
}

proc e() {
    observe label "enqueue"
    %v := choose 0 .. 1
    observe input "value" %v
    call enqueue(%v)
}

proc d() {
    observe label "dequeue"
    %found, %v := call dequeue()
    observe output "found" %found
    if %found { observe output "value" %v }
}
