// Data and control dependencies on rmo (dependence order) and relaxed
// (dependency fences): through registers, select, stores of loaded values,
// and branches that close before the dependent access.
//# test Data = ( wdata | rdata )
//# test Ctrl = ( wctrl | rctrl )
//# test Store = ( sstore | rstore )
global X
global Y
global Z
global P = @Y
proc wdata() { store @X, 1  fence store-store  store @P, @X }
proc rdata() {
    %p := load @P
    %q := select(1, %p, @Z)
    fence data-dependent-loads
    %v := load %q
    observe output "p" %p
    observe output "v" %v
}
proc wctrl() { store @X, 1  fence store-store  store @Y, 1 }
proc rctrl() {
    %f := load @Y
    %c := eq(%f, 1)
    if %c { fence full } else { fence full }
    fence control-dependent
    %v := load @X
    observe output "f" %f
    observe output "v" %v
}
proc sstore() { %x := load @X  %d := add(%x, 0)  store @Y, %d  observe output "x" %x }
proc rstore() { %y := load @Y  fence full  store @X, 1  observe output "y" %y }
