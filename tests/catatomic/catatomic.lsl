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

// Store buffering through atomic blocks on another location: x86 compiles
// a CAS or an exchange to a locked instruction, a full barrier even when
// the compare fails; tso orders through a block only when it loads and
// stores, and a block that only loads is a plain load on both.
global Z
global W

proc wx_cas_ry() {
    observe label "t0"
    store @X, 1
    atomic {
        %o := load @Z
        %e := eq(%o, 0)
        if %e {
            store @Z, 1
        }
    }
    %y := load @Y
    observe output "y" %y
}
proc wy_cas_rx() {
    observe label "t1"
    store @Y, 1
    atomic {
        %o := load @W
        %e := eq(%o, 0)
        if %e {
            store @W, 1
        }
    }
    %x := load @X
    observe output "x" %x
}
proc wx_failcas_ry() {
    observe label "t0"
    store @X, 1
    atomic {
        %o := load @Z
        %e := eq(%o, 7)
        if %e {
            store @Z, 1
        }
    }
    %y := load @Y
    observe output "y" %y
}
proc wy_failcas_rx() {
    observe label "t1"
    store @Y, 1
    atomic {
        %o := load @W
        %e := eq(%o, 7)
        if %e {
            store @W, 1
        }
    }
    %x := load @X
    observe output "x" %x
}
proc wx_rblock_ry() {
    observe label "t0"
    store @X, 1
    atomic {
        %o := load @Z
    }
    %y := load @Y
    observe output "y" %y
}
proc wy_rblock_rx() {
    observe label "t1"
    store @Y, 1
    atomic {
        %o := load @W
    }
    %x := load @X
    observe output "x" %x
}
