// Use after free of lsl_malloc (pool) blocks: an access to a block that is
// not allocated at its place in memory order (docs/semantics.md, "Memory
// safety"). Stale: the reader may read the node after it was freed (every
// model). Early: the reader's dependent load may take effect before the
// malloc (relaxed, which does not order data-dependent loads). Own: each
// thread touches only its own block, before freeing it, and blocks are
// reused: never an error. Bad frees of a global, an interior pointer and a
// freed block. Uninit: observing an undefined value (the node's field,
// unless the other thread wrote it first).
//# test Stale = ( pub | peek )
//# test Early = ( pubkeep | peek )
//# test Own = ( own | own )
//# test Global = ( freeglobal )
//# test Interior = ( freeinterior )
//# test Double = ( freetwice )
//# test Uninit = ( observeuninit | setx )
struct node { next, value }
global Head
proc pub() {
    %n := alloc pool node
    %f := offset(%n, 1)
    store %f, 1
    store @Head, %n
    free pool %n
}
proc pubkeep() {
    %n := alloc pool node
    %f := offset(%n, 1)
    store %f, 1
    store @Head, %n
}
proc peek() {
    %h := load @Head
    %c := eq(%h, 0)
    if %c { } else {
        %f := offset(%h, 1)
        %v := load %f
        observe output "v" %v
    }
}
proc own() {
    %n := alloc pool node
    %f := offset(%n, 1)
    store %f, 2
    %v := load %f
    free pool %n
    observe output "v" %v
}
proc freeglobal() { %n := alloc pool node  free pool @Head }
proc freeinterior() { %n := alloc pool node  %f := offset(%n, 1)  free pool %f }
proc freetwice() { %n := alloc pool node  free pool %n  free pool %n }
global P
proc setx() {
    %n := alloc fresh node
    %f := offset(%n, 1)
    store %f, 3
    store @P, %f
}
proc observeuninit() {
    %p := load @P
    %c := eq(%p, 0)
    if %c { observe output "none" 1 } else {
        %v := load %p
        observe output "v" %v
    }
}
