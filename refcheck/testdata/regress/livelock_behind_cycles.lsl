//# test T = init ( t1a t1b | t2a ) final
// refcheck.Generate seed 91139: t2a writes in every round of a loop that reads X=1 forever; middle cycles were excluded, so the livelock was lost (PASS)
global X
global Y = 1
global Z

proc init() {
    observe label "init"
    store @Z, 2
}

proc t1a() {
    observe label "t1a"
    %n1 := choose 0 .. 1
    observe input "n1" %n1
}

proc t1b() {
    observe label "t1b"
    atomic {
        %r1 := load @X
        %c2 := eq(%r1, 0)
        if %c2 {
            store @X, 1
        }
    }
    observe output "r1" %r1
}

proc t2a() {
    observe label "t2a"
    l1: {
        store @Y, 1
        %r1 := load @X
        store @Y, 0
        %c2 := eq(%r1, 1)
        if %c2 { continue l1 }
    }
    observe output "r1" %r1
}

proc final() {
    observe label "final"
    %f3 := load @Y
    observe output "Y" %f3
    %f4 := load @Z
    observe output "Z" %f4
}
