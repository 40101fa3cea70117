// Litmus tests as LSL operations. Each operation performs one memory access
// (plus fences), so the serial executions are exactly the sequentially
// consistent ones: a test FAILs exactly when the model allows a non-SC
// outcome. The exception is the dependent-pointer test, whose reader needs
// both loads in one operation (the dependency goes through a register).
//
// Fences stand at the start of the operation that follows them in program
// order, so "fsl_ry" is "fence store-load; r = Y".

global X
global Y
global D
global P

// stores
proc wx1() { observe label "wx1"  store @X, 1 }
proc wx2() { observe label "wx2"  store @X, 2 }
proc wy1() { observe label "wy1"  store @Y, 1 }
proc wy2() { observe label "wy2"  store @Y, 2 }
proc ss_wy1() { observe label "wy1"  fence store-store  store @Y, 1 }
proc ss_wy2() { observe label "wy2"  fence store-store  store @Y, 2 }
proc ss_wx2() { observe label "wx2"  fence store-store  store @X, 2 }
proc ls_wx1() { observe label "wx1"  fence load-store  store @X, 1 }
proc ls_wy1() { observe label "wy1"  fence load-store  store @Y, 1 }
proc full_wy1() { observe label "wy1"  fence full  store @Y, 1 }

// loads
proc rx() { observe label "rx"  %r := load @X  observe output "r" %r }
proc ry() { observe label "ry"  %r := load @Y  observe output "r" %r }
proc ll_rx() { observe label "rx"  fence load-load  %r := load @X  observe output "r" %r }
proc ll_ry() { observe label "ry"  fence load-load  %r := load @Y  observe output "r" %r }
proc al_rx() { observe label "rx"  fence aliased-loads  %r := load @X  observe output "r" %r }
proc sl_rx() { observe label "rx"  fence store-load  %r := load @X  observe output "r" %r }
proc sl_ry() { observe label "ry"  fence store-load  %r := load @Y  observe output "r" %r }
proc full_rx() { observe label "rx"  fence full  %r := load @X  observe output "r" %r }

// message passing through a pointer: the reader's second load depends on
// the value of the first
proc wd() { observe label "wd"  store @D, 1 }
proc ss_wp() { observe label "wp"  fence store-store  store @P, @D }
proc rp_rd() {
    observe label "rp"
    %p := load @P
    observe output "p" %p
    %null := eq(%p, 0)
    %a := select(%null, @D, %p)
    %d := load %a
    observe output "d" %d
}
proc rp_ddl_rd() {
    observe label "rp"
    %p := load @P
    observe output "p" %p
    %null := eq(%p, 0)
    %a := select(%null, @D, %p)
    fence data-dependent-loads
    %d := load %a
    observe output "d" %d
}
