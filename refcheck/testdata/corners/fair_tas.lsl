// Silent read-modify-writes (encode/silent.go): a test-and-set lock spins
// on an exchange that reads 1 and writes 1 back. Each failed round's store
// is read by the next round, yet the round is deleted like a storeless
// one, so the lock converges; the watcher reads the lock and the counter
// while the others run.
//# test T = ( inc | inc | watch ) final
global L
global C
proc inc() {
    observe label "inc"
    l: {
        atomic {
            %r := load @L
            store @L, 1
        }
        %c := eq(%r, 1)
        if %c { continue l }
    }
    %v := load @C
    %w := add(%v, 1)
    store @C, %w
    store @L, 0
}
proc watch() {
    observe label "watch"
    %a := load @L
    %b := load @C
    observe output "a" %a
    observe output "b" %b
}
proc final() {
    observe label "final"
    %x := load @C
    observe output "C" %x
}
