// A Treiber stack with a modification counter against ABA, in the form the C
// front end produces: loc directives name the lines of stack.c.
struct node_t { next, value }
struct stack_t { top, pad: int[2] }
composite cptr (ptr, count)             // pointer and counter in one word

global stack : stack_t { 0 = cptr{0, 0} }
global lock = 0
global nodes_allocated
global table : node_t[2] { 0.1 = 7, 1.0 = [@table 0], 1.1 = -1 }

proc push(%value) {
    loc "stack.c" 20 5
    %node := alloc pool node_t
    loc "stack.c" 21 5
    %pval := offset(%node, 1)
    store %pval, %value as "node->value"
    loc "stack.c" 22 5
    loop: {
        loc "stack.c" 23 9
        %old := load [@stack 0] as "stack->top"
        loc "stack.c" 24 9
        %optr := get_cptr_ptr(%old)
        %pnext := offset(%node, 0)
        store %pnext, %optr as "node->next"
        loc "stack.c" 25 9
        fence store-store
        %cnt := get_cptr_count(%old)
        %cnt1 := add(%cnt, 1)
        %new := make_cptr(%node, %cnt1)
        loc "stack.c" 26 9
        atomic {
            %cur := load [@stack 0] as "stack->top"
            %same := eq(%cur, %old)
            if %same { store [@stack 0], %new as "stack->top" }
        }
        if %same { break loop }
        continue loop
    }
}

proc pop() -> (%found, %value) {
    loc "stack.c" 31 5
    loop: {
        loc "stack.c" 32 9
        %old := load [@stack 0] as "stack->top"
        %optr := get_cptr_ptr(%old)
        loc "stack.c" 33 9
        %empty := eq(%optr, 0)
        if %empty {
            %found := 0
            break loop
        } else if %found {
            abort "unreachable"
        } else {
            loc "stack.c" 35 13
            fence data-dependent-loads
            %pnext := offset(%optr, 0)
            %next := load %pnext as "top->next"
            %cnt := get_cptr_count(%old)
            %cnt1 := add(%cnt, 1)
            %new := make_cptr(%next, %cnt1)
            %moved := set_cptr_ptr(%old, %next)
            atomic {
                %cur := load [@stack 0]
                %same := eq(%cur, %old)
                if %same { store [@stack 0], %new }
            }
            if %same {
                %pval := offset(%optr, 1)
                %value := load %pval as "top->value"
                free pool %optr
                %found := 1
                break loop
            }
        }
        continue loop
    }
}

// A test lock: spin until the lock is free, then take it atomically.
proc acquire() {
    loc "stack.c" 50 5
    spin acquire {
        atomic {
            %held := load @lock as "lock"
            if %held {
            } else {
                store @lock, 1 as "lock"
            }
        }
        if %held { continue acquire }
    }
    fence full
}

proc release() {
    loc "stack.c" 58 5
    fence full
    store @lock, 0 as "lock"
}

proc push_op() {
    observe label "push"
    %v := choose -1 .. 0x10
    observe input "value" %v
    call push(%v)
}

proc pop_op() {
    observe label "pop"
    %found, %v := call pop()
    observe output "found" %found
    if %found {
        observe output "value" %v
    }
}

proc misc() {
    %tid := threadid()
    %n := numthreads()
    %ok := lt(%tid, %n)
    assert %ok "thread id out of range"
    assume %ok
    %x := alloc local int "x"
    store %x, undef
    %base := getbase(%x)
    %b := baseof(%x)
    %o := getoffset([@table 1 0])
    %p := pointer(%b)
    %s := select(%ok, %p, 0)
    %m := neg(%o)
    %m := bitnot(%m)
    %m := sub(%m, 0x7fffffffffffffff)
    %m := mul(%m, -9223372036854775808)
    %q := div(%m, 3)
    %q := mod(%q, 3)
    %q := and(%q, 3)
    %q := or(%q, 4)
    %q := xor(%q, 5)
    %q := shl(%q, 1)
    %q := shr(%q, 1)
    %c := ne(%q, %m)
    %c := le(%q, %m)
    %c := copy(%c)
}
