// Nested atomic blocks, fences inside them, a CAS on a composite word, and
// a spin lock built from an atomic exchange (Fig. 3.9).
//# test Lock = ( crit | crit )
//# test Cas = ( cas | cas | cas )
composite mptr (ptr, mark)
global L
global C
global W = mptr{0, 0}
proc lock() {
    spin acq {
        atomic { %v := load @L  store @L, 1 }
        if %v { continue acq }
    }
    fence load-load
    fence load-store
}
proc unlock() {
    fence load-store
    fence store-store
    atomic { store @L, 0 }
}
proc crit() {
    observe label "crit"
    call lock()
    %c := load @C
    %d := add(%c, 1)
    store @C, %d
    call unlock()
    observe output "c" %c
}
proc cas() {
    observe label "cas"
    %old := make_mptr(0, 0)
    %new := make_mptr(@C, 1)
    atomic {
        %w := load @W
        %ok := eq(%w, %old)
        if %ok { atomic { fence full  store @W, %new } }
    }
    observe output "ok" %ok
}
