// Programs over the lsl_malloc pool (alloc pool), for checking that
// concrete mining, which explores only one of several untouched pool blocks
// (mining/serial.go, "Pool symmetry"), finds the same observations as the
// solver. reuse reads a recycled block's stale contents; base and forge
// tell blocks apart, which makes concrete mining fall back to the full
// enumeration.
struct node { next, value }
global Head
global Keep

proc reuse() {
    observe label "reuse"
    %n := alloc pool node
    %f := offset(%n, 1)
    %old := load %f
    observe output "stale" %old
    %v := choose 0 .. 1
    store %f, %v
    %h := load @Head
    store @Head, %n
    %same := eq(%h, %n)
    observe output "same" %same
    free pool %n
}

proc keep() {
    observe label "keep"
    %n := alloc pool node
    %f := offset(%n, 1)
    store %f, 1
    %k := load @Keep
    %same := eq(%k, %n)
    observe output "same" %same
    store @Keep, %n
}

proc base() {
    observe label "base"
    %n := alloc pool node
    %b := baseof(%n)
    observe output "block" %b
    free pool %n
}

proc forge() {
    observe label "forge"
    %p := pointer(3) // the first pool block (after the globals)
    %k := load @Keep
    %is := eq(%k, %p)
    observe output "first" %is
}
