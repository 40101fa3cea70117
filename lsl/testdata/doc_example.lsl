// The example from doc.go, completed so that it parses on its own.
struct node_t { next, value }            // field i is offset i
struct pair { a, b: node_t[2] }          // nested aggregates get a type
composite mpointer (ptr, marked)         // a packed word
global X                                 // a scalar global, initially 0
global Y = 5
global queue : queue_t                   // all cells 0
global tab : int[3] { 0 = 7, 2 = [@X] }  // cells [@tab 0] and [@tab 2]
global s : pair { 1.0.1 = 3 }            // cell [@s 1 0 1]
struct queue_t { head: ptr, tail: ptr }

proc f(%x, %y) -> (%r1, %r2) {
    %r1 := %x
    %r2 := %y
}

proc g(%x) {
}

proc enqueue(%q, %v) -> (%ok) {          // "-> (…)" lists result registers
    loc "queue.c" 23 5                   // later statements come from queue.c:23:5
    %n := alloc fresh node_t             // also: alloc pool T, alloc local T "x"
    %a := offset(%n, 1)
    store %a, %v as "node->value"
    %t := load %a as "node->value"
    fence store-store                    // or load-load, load-store, store-load,
                                         // aliased-loads, data-dependent-loads,
                                         // control-dependent, full
    %c := eq(%t, 0)                      // basic functions: see ops.go
    %w := make_mpointer(%n, 0)           // composite ops: make_T, get_T_F, set_T_F
    %k := choose 0 .. 3
    %id := threadid()                    // also numthreads()
    %r1, %r2 := call f(%a, 5)            // or: call g(%a)
    call g(%a)
    retry: {                             // a loop: a block that continues itself
        if %c { break retry } else { continue retry }
    }
    atomic { %o := load %a  store %a, 1 }
    spin wait { %f := load @X  if %f { continue wait } }
    assert %c "queue broken"             // message optional
    assume %c
    abort "unreachable"
    observe label "enqueue"
    observe input "val" %v
    observe output "ok" %ok
    free fresh %n                        // or free pool %n
    %ok := 1
    %m := mpointer{[@X], 0}
    %p := get_mpointer_ptr(%m)
    %m2 := set_mpointer_marked(%m, 1)
}
