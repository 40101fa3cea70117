global level = -56
global counter

proc __VERIFIER_atomic_bump() {
    %t.1 := load @counter as "counter"
    %t.3 := add(%t.1, 1)
    store @counter, %t.3 as "counter"
}

proc step() -> (%result) {
    %v := choose -2147483648 .. 2147483647 as "__VERIFIER_nondet_int()"
    %t.3 := le(0, %v)
    if %t.3 {
        %t.6 := lt(%v, 4)
    } else {
        %t.6 := 0
    }
    assume %t.6
    atomic {
        %c := load @counter as "counter"
        %t.8 := choose 0 .. 1 as "__VERIFIER_nondet_bool()"
        if %t.8 {
            %c := add(%c, %v)
        }
        store @counter, %c as "counter"
    }
    atomic {
        call __VERIFIER_atomic_bump()
    }
    %u := choose -128 .. 127 as "__VERIFIER_nondet_uchar()"
    %t.13 := zext(%u, 8)
    %t.14 := load @level as "level"
    %t.16 := zext(%t.14, 8)
    %t.18 := lt(%t.16, %t.13)
    if %t.18 {
        assert 0 "__VERIFIER_error() reached"
    }
    %t.19 := zext(%c, 32)
    %t.21 := div(%t.19, 2)
    %t.23 := zext(%u, 8)
    %t.25 := shr(%t.23, 1)
    %t.26 := add(%t.21, %t.25)
    %result := sext(%t.26, 32)
}
