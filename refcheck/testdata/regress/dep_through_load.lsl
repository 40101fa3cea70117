// Dependencies are transitive through loads (dissertation §3.4.2: y depends
// on load x if a chain of instructions, each reading a register the
// previous one wrote, leads from x to y). The reader's second load reads
// the register %p written by the first, so the branch on %r, and the store
// after the control-dependent fence, depend on the first load too: <cd>
// orders load @P before store @X, and with the writer's full fence the
// outcome p = [3] (@Z), x = 1 is a cycle in memory_order on relaxed.
//# test T = ( reader | writer )
//# models relaxed
global X
global Y
global Z
global P = @Y
proc reader() {
    %p := load @P
    %r := load %p
    %c := eq(%r, 5)
    if %c { fence full }
    fence control-dependent
    store @X, 1
    observe output "p" %p
}
proc writer() {
    %x := load @X
    fence full
    store @P, @Z
    observe output "x" %x
}
