// Small programs that fail with an assertion, a deadlock and a runtime error.
global count
global X
global Y
global P

// a non-atomic increment loses updates, even on sc
proc inc() {
    observe label "inc"
    %c := load @count
    %d := add(%c, 1)
    store @count, %d
}
proc check() {
    %c := load @count
    %ok := eq(%c, 2)
    assert %ok "both increments are counted"
}

// each thread waits for the other's flag before raising its own
proc waitx() { spin w { %f := load @X  %z := eq(%f, 0)  if %z { continue w } }  store @Y, 1 }
proc waity() { spin w { %f := load @Y  %z := eq(%f, 0)  if %z { continue w } }  store @X, 1 }

// following a pointer that is still null
proc follow() {
    observe label "follow"
    %p := load @P as "p"
    %v := load %p as "p->value"
    observe output "v" %v
}
proc set() { store @P, [@X] as "p" }
