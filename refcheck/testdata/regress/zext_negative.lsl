// zext and sext of numbers whose low bits differ from their values: the
// zext of a negative number needs more bits than the program's other
// numbers (the range analysis widens the encoding for it; the width
// parameter itself does not), and sext reads the low bits as signed. The
// assertions hold exactly for what lsl.EvalOp computes; the observations
// let the consistency check compare every value.
//# test T = ( w | r )
global X
global Y
proc w() {
    %a := choose -3 .. 3
    %u := zext(%a, 8)
    %s := sext(%u, 8)
    %same := eq(%s, %a)
    assert %same "sext(zext(a, 8), 8) == a"
    %big := lt(127, %u)
    %neg := lt(%a, 0)
    %agree := eq(%big, %neg)
    assert %agree "zext of a negative is above 127"
    store @X, %u
    observe input "a" %a
}
proc r() {
    %x := load @X
    %low := sext(%x, 2)
    store @Y, %low
    observe output "x" %x
    observe output "low" %low
}
