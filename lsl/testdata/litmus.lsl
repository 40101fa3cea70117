// Litmus tests as LSL procedures: each thread observes what it read, so the
// observation sets show which outcomes a memory model allows.
global X
global Y

// SB (store buffering): both loads may read 0 on TSO but not on SC.
proc sb0() {
    observe label "sb0"
    store @X, 1 as "x"
    %r0 := load @Y as "y"
    observe output "r0" %r0
}

proc sb1() {
    observe label "sb1"
    store @Y, 1 as "y"
    %r1 := load @X as "x"
    observe output "r1" %r1
}

// MP (message passing): with both fences, seeing the flag implies seeing
// the data.
proc mp_writer() {
    observe label "writer"
    store @X, 42 as "data"
    fence store-store
    store @Y, 1 as "flag"
}

proc mp_reader() {
    observe label "reader"
    %flag := load @Y as "flag"
    fence load-load
    %data := load @X as "data"
    observe output "flag" %flag
    observe output "data" %data
}

// MP with a spin loop: only the last iteration, which sees the flag, is
// modelled.
proc mp_spin_reader() {
    observe label "reader"
    spin wait {
        %flag := load @Y as "flag"
        %unset := eq(%flag, 0)
        if %unset { continue wait }
    }
    fence load-load
    %data := load @X as "data"
    observe output "data" %data
}

// 2+2W: two threads store to both locations in opposite orders.
proc w0() {
    store @X, 1
    store @Y, 2
}

proc w1() {
    store @Y, 1
    store @X, 2
}

proc final() {
    observe label "final"
    %x := load @X
    %y := load @Y
    observe output "x" %x
    observe output "y" %y
}
