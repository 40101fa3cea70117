//# test T = ( t1a | t2a t2b | t3a ) final
//# known reference gap: the reference excludes a cycle followed by another iteration even when the thread ends livelocked (the engine's exception, docs/semantics.md "Fair progress" (a)); a reference that continues such runs was too slow (fair_backoff corner: >100 s on relaxed)
// refcheck.Generate seed 1051: t1a writes X in every round of a loop that reads Y=1 forever, so it never exits; the engine reports the livelock, the reference does not
global X
global Y = 1
global Z = 2

proc t1a() {
    observe label "t1a"
    l1: {
        store @X, 1
        %r1 := load @Y
        store @X, 0
        %c2 := eq(%r1, 1)
        if %c2 { continue l1 }
    }
    observe output "r1" %r1
    fence aliased-loads
    fence data-dependent-loads
}

proc t2a() {
    observe label "t2a"
    %r1 := load @Y
    observe output "r1" %r1
}

proc t2b() {
    observe label "t2b"
    %r1 := load @Y
    observe output "r1" %r1
}

proc t3a() {
    observe label "t3a"
    %n1 := choose 0 .. 1
    observe input "n1" %n1
    store @Y, 1
}

proc final() {
    observe label "final"
    %f2 := load @X
    observe output "X" %f2
    %a3 := ne(%f2, 1)
    assert %a3
    %f4 := load @Y
    observe output "Y" %f4
    %f5 := load @Z
    observe output "Z" %f5
}
