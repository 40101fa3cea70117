// A thread is cut off at a loop bound inside an atomic block, between two
// stores. The rest of the block would take effect at once, so no other
// thread can see the first store alone; an error that depends on seeing it
// (here, at bound 1) is not a real one. The answer is PASS once the loop
// is unrolled three times.
//# test T = ( a | b )
global X
proc a() {
    atomic {
        store @X, 1
        %i := 0
        l: {
            %i := add(%i, 1)
            %m := lt(%i, 3)
            if %m { continue l }
        }
        store @X, 2
    }
}
proc b() { %x := load @X  %ok := ne(%x, 1)  assert %ok "saw the middle of an atomic block" }
