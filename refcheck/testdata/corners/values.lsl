// Observed values of every kind: undefined registers, pointers, composites,
// arithmetic, and an observation key set twice in one record (last wins).
//# test T = init ( a | b ) final
composite mptr (ptr, mark)
global X
global Y = 3
global tab : int[3] { 0 = 7, 2 = [@X] }
proc init() { observe label "init"  %z := load [@tab 1]  observe output "z" %z }
proc a() {
    observe label "a"
    observe output "u" %undefined
    %p := load [@tab 2]
    observe output "p" %p
    %m := make_mptr(%p, 1)
    store @X, %m
    %k := get_mptr_mark(%m)
    %s := mul(%k, 5)
    observe output "s" %s
    observe output "s" %k
}
proc b() {
    observe label "b"
    %v := load @X
    observe output "v" %v
    %w := load @Y
    %q := select(%w, 10, 20)
    observe output "q" %q
    observe label "b2"
    %t := load [@tab 0]
    observe output "t" %t
}
proc final() { observe label "final"  %x := load @X  observe output "x" %x }
