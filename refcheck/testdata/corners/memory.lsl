// Allocated memory starts undefined; thread ids and counts are constants.
// (The pool allocator is in regress/pool_registers.lsl.)
//# test Fresh = ( fresh | fresh )
//# test Ids = ( ids | ids | ids )
struct node { next, value }
global Head
proc fresh() {
    %n := alloc fresh node
    %f := offset(%n, 1)
    %u := load %f
    observe output "u" %u
    store %f, 5
    store @Head, %n
}
proc ids() {
    %i := threadid()
    %n := numthreads()
    store @Head, %i
    %h := load @Head
    observe output "n" %n
    observe output "h" %h
}
