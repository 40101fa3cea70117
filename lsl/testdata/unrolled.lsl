// The shape of an unrolled program (as "checkfence lsl --unrolled" prints
// it): no calls or allocations, loops unrolled into nested blocks that end in
// pruned, and an id on every load, store and fence.
global X
global Y

proc thread0() {
    loc "sb.c" 10 5
    store#1 @X, 1 as "x"
    loc "sb.c" 11 5
    fence#2 store-load
    loc "sb.c" 12 5
    %r := load#3 @Y as "y"
    loop_1: {
        %c := eq(%r, 0)
        if %c { break loop_1 }
        %r := load#4 @Y as "y"
        %c := eq(%r, 0)
        if %c { break loop_1 }
        pruned "loop_1@sb.c:12"
    }
    spin wait {
        %f := load#5 [@X]
        if %f { continue wait }
    }
}

proc thread1() {
    store#6 @Y, 1
    %block := [3]
    store#7 [3 0], 5
    free fresh [3]
}
