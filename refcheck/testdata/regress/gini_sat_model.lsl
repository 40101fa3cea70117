// gini v1.0.4 reached a "model" that violates a clause after the serial
// mining's solves under assumptions (each Unsat) and two unit clauses, and
// its own check exited the process ("internal error in solve: sat model";
// found by fuzzdiff -faint, seed 9582, and there on every model, with and
// without faint registers, at 38f027c too). The patched gini reports it
// (ModelError) and checkfence solves again on a new instance (giniSAT), or
// on CaDiCaL when it escalates. Expected: the engine agrees with the
// reference.
//# test T = ( t1a | t2a | t3a ) final
global X
global Y = 2

proc t1a() {
    observe label "t1a"
    store @Y, 1
    %k3 := 0
    %s4 := 1
    l1: {
        %k3 := add(%k3, %s4)
        %s4 := mul(%s4, 2)
        atomic {
            %r1 := load @Y
            store @Y, 2
        }
        %c2 := eq(%r1, 2)
        if %c2 { continue l1 }
    }
    observe output "r1" %r1
    %c5 := eq(%r1, 2)
    if %c5 {
        %a6 := ne(%r1, 1)
        assume %a6
        %s7 := add(%r1, 1)
        observe output "s7" %s7
    } else {
        %a8 := ne(%r1, 1)
        assume %a8
    }
}

proc t2a() {
    observe label "t2a"
    atomic {
        %r1 := load @Y
        %c2 := eq(%r1, 2)
        if %c2 {
            store @Y, 0
        }
    }
    observe output "r1" %r1
    fence data-dependent-loads
}

proc t3a() {
    observe label "t3a"
    atomic {
        %r1 := load @X
        %c2 := eq(%r1, 1)
        if %c2 {
            store @X, 1
        }
    }
    observe output "r1" %r1
}

proc final() {
    observe label "final"
}

