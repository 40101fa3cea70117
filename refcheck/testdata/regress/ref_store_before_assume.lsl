// Found as a disagreement that was the reference's fault (seed 200945 of
// the large generator): a thread reads back its own computed store and
// assumes it saw it. In the first round of the value fixpoint every run of
// the thread was discarded by the assume, and the reference ignored the
// stores of discarded runs, so the value 6 never became a candidate and the
// thread seemed to have no execution. Expected: one execution, r = 6.
//# test T = ( t )
global X = 3
global Y
proc t() {
    %a := load @X
    %b := mul(%a, 2)
    store @Y, %b
    %r := load @Y
    %ok := lt(5, %r)
    assume %ok
    observe output "r" %r
}
