// Annotations for cat memory models: tags on loads, stores and fences.
global X<NAL>
global Y

proc p0() {
    store<L> @X, 1 as "x"
    fence<DMB.ISH>
    fence store-store<DMB.ISHST, Fence.w.w>
    %r := load<A,X> @Y as "y"
    %s := load<NA> @X
    store<X> @Y, %r -> %ok
    observe output "ok" %ok
    atomic {
        %o := load<A,RLX> @X
        store<A,REL> @X, 2
    }
    fence full
    observe output "r" %r
}
