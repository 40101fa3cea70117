// Message passing (dissertation Fig. 3.2): t1 writes X then Y; t2 reads Y
// then X. On relaxed, t2 can see the new Y and the old X.
global X
global Y

proc wx() { observe label "w"  store @X, 1  store @Y, 1 }
proc ry() { observe label "r"  %a := load @Y  %b := load @X  observe output "y" %a  observe output "x" %b }

// the same accesses, one per operation: serial executions are exactly the
// sequentially consistent ones, so this passes on sc
proc wx1() { observe label "wx"  store @X, 1 }
proc wy1() { observe label "wy"  store @Y, 1 }
proc ry1() { observe label "ry"  %r := load @Y  observe output "r" %r }
proc rx1() { observe label "rx"  %r := load @X  observe output "r" %r }

// two stores each; the final thread reads both variables
proc wx2() { observe label "wx2"  store @X, 2 }
proc wy2() { observe label "wy2"  store @Y, 2 }
