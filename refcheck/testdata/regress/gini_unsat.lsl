// Every execution is discarded by the assume (the load can only read the
// initial 0), so Φ is unsatisfiable. Every engine query on it (serial or
// concurrent, every model and encoding) makes gini abort the process:
// after a Solve finds the formula unsatisfiable at decision level 0, adding
// a clause and solving again makes gini v1.0.4 return a "model" that
// violates a clause, which its own check reports with log.Fatal ("internal
// error in solve: sat model"). Expected: no observations, no error, no
// deadlock; verdict PASS.
//# test T = ( t )
global X
proc t() {
    %r1 := load @X
    %a3 := ne(%r1, 0)
    assume %a3
    store @X, 1
}
