// A Treiber stack over the lsl_malloc pool, for the pool symmetry
// (encode/poolsymmetry.go): pop frees the node it takes, and push may get
// it back, so a pop whose CAS compares only the top pointer suffers from
// ABA (a stale next pointer is installed, a freed node read). push and pop
// retry a failed CAS; spop gives up instead (test Stack3 stays small).

struct node { next, value }
global Top

proc push() {
    observe label "push"
    %v := choose 0 .. 1
    observe input "v" %v
    %n := alloc pool node
    %pv := offset(%n, 1)
    store %pv, %v as "n->value"
    %pn := offset(%n, 0)
    retry: {
        %t := load @Top as "Top"
        store %pn, %t as "n->next"
        fence store-store
        atomic {                       // cas(&Top, t, n)
            %o := load @Top as "Top"
            %ok := eq(%o, %t)
            if %ok { store @Top, %n as "Top" }
        }
        if %ok { break retry }
        continue retry
    }
}

proc pop() {
    observe label "pop"
    retry: {
        %t := load @Top as "Top"
        %empty := eq(%t, 0)
        if %empty {
            observe output "empty" 1
            break retry
        }
        fence load-load
        %pn := offset(%t, 0)
        %next := load %pn as "t->next"
        atomic {                       // cas(&Top, t, next)
            %o := load @Top as "Top"
            %ok := eq(%o, %t)
            if %ok { store @Top, %next as "Top" }
        }
        if %ok {
            %pv := offset(%t, 1)
            %v := load %pv as "t->value"
            observe output "v" %v
            free pool %t
            break retry
        }
        continue retry
    }
}

proc spop() {
    observe label "spop"
    %t := load @Top as "Top"
    %empty := eq(%t, 0)
    if %empty {
        observe output "empty" 1
    } else {
        fence load-load
        %pn := offset(%t, 0)
        %next := load %pn as "t->next"
        atomic {
            %o := load @Top as "Top"
            %ok := eq(%o, %t)
            if %ok { store @Top, %next as "Top" }
        }
        observe output "ok" %ok
        if %ok {
            %pv := offset(%t, 1)
            %v := load %pv as "t->value"
            observe output "v" %v
            free pool %t
        }
    }
}

// tagged passes a number through a pointer, as a pthread program passes a
// thread's argument ((void *)(long)1, then (long)arg): block 1 is the global
// Top, not a pool block, so pool block numbers stay hidden.
proc tagged() {
    observe label "tagged"
    %p := pointer(1)
    %b := baseof(%p)
    observe output "b" %b
}
