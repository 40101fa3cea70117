// An assertion that fails when the CAS loses, a runtime error through a
// pointer that may be null, a spin loop that may never be released.
//# test Assert = ( cas | cas | cas )
//# test Null = ( publish | use )
//# test Wait = ( wait | wait )
global X
global P
proc cas() {
    observe label "cas"
    atomic {
        %v := load @X
        %free := eq(%v, 0)
        if %free { store @X, 1 }
    }
    observe output "won" %free
    %ok := ne(%v, 1)
    assert %ok "CAS lost"
}
proc publish() { store @P, @X }
proc use() {
    %p := load @P
    %v := load %p
    observe output "v" %v
}
proc wait() {
    spin w {
        %f := load @X
        %z := eq(%f, 0)
        if %z { continue w }
    }
    observe output "f" %f
}
