// The pool allocator (alloc pool, lsl_malloc) reuses blocks. Found while
// lsl.Sanity already required register names to start with '%' but the
// unroller's pool expansion (lsl/unroll_pool.go) still named its registers
// "k$2", "fa$2", … without it: every engine call on a program that
// allocates from the pool failed with "internal error: unrolled program
// fails sanity check: invalid register name" (fixed in 420dd51).
// Expected: both threads allocate, possibly the same block after a free.
//# test Pool = ( pool | pool )
struct node { next, value }
global Head
proc pool() {
    %n := alloc pool node
    %f := offset(%n, 1)
    store %f, 1
    %h := load @Head
    store @Head, %n
    observe output "h" %h
    free pool %n
}
