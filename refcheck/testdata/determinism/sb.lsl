// Store buffering: r0 = r1 = 0 is not serializable; relaxed allows it.
//# test SB = ( a | b )
//# test SB3 = init ( a b | b a | a ) final
global X
global Y
proc init() { observe label "init"  store @X, 2 }
proc a() {
    observe label "a"
    store @X, 1
    %r0 := load @Y
    observe output "r0" %r0
}
proc b() {
    observe label "b"
    store @Y, 1
    %r1 := load @X
    observe output "r1" %r1
}
proc final() {
    observe label "final"
    %x := load @X
    %y := load @Y
    observe output "x" %x
    observe output "y" %y
}
