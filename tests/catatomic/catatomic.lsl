// Atomic blocks on the cat models: what a CAS orders on RISC-V.

global X
global Y

// A CAS on X, a load that reads its store back, and a store to Y that
// depends on that load by control (msn's dequeue: the helping CAS on the
// tail, then a load of the tail, then the CAS on the head).
proc cas_rx_ctrl_wy() {
    observe label "w"
    atomic {
        %o := load @X
        %e := eq(%o, 0)
        if %e {
            store @X, 1
        }
    }
    %r := load @X
    %one := eq(%r, 1)
    if %one {
        store @Y, 1
    }
}

// The same without the atomic block: a plain store.
proc wx_rx_ctrl_wy() {
    observe label "w"
    store @X, 1
    %r := load @X
    %one := eq(%r, 1)
    if %one {
        store @Y, 1
    }
}

proc ry() { observe label "ry"  %y := load @Y  observe output "y" %y }
proc ll_rx() { observe label "rx"  fence load-load  %x := load @X  observe output "x" %x }
