// The pool allocator (alloc pool, lsl_malloc) reuses blocks. In the
// working tree of this writing, lsl.Sanity requires register names to
// start with '%', but the unroller's pool expansion (lsl/unroll_pool.go)
// names its registers "k$2", "fa$2", … without it, so every engine call
// on a program that allocates from the pool fails with "internal error:
// unrolled program fails sanity check: invalid register name". Expected:
// both threads allocate, possibly the same block after a free.
//# test Pool = ( pool | pool )
//# known the pool expansion creates register names without the % sigil that lsl.Sanity now requires
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
