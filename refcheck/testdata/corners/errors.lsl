// Runtime errors of every kind (dissertation §7.1.1), each reachable only
// on some interleavings.
//# test Div = ( div | set )
//# test CmpUndef = ( cmpundef | set )
//# test Branch = ( branch | set )
//# test Deref = ( deref | setp )
//# test Free = ( freeit | setp )
//# test Abort = ( abort | set )
//# test PtrCmp = ( ptrcmp | setp )
global X
global P
proc set() { store @X, 1 }
proc setp() { store @P, @X }
proc div() { %v := load @X  %q := div(10, %v)  observe output "q" %q }
proc cmpundef() { %v := load @X  %c := eq(%v, 1)  %u := select(%c, undef, 2)  %d := eq(%u, 2)  observe output "d" %d }
proc branch() { %v := load @X  %c := eq(%v, 0)  %u := select(%c, undef, 1)  if %u { store @X, 2 } }
proc deref() { %p := load @P  %v := load %p  observe output "v" %v }
proc freeit() { %p := load @P  free fresh %p }
proc abort() { %v := load @X  if %v { abort "saw one" } }
proc ptrcmp() { %p := load @P  %c := eq(%p, 1)  observe output "c" %c }
