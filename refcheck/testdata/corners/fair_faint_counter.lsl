// Retry loops with counters nobody reads (docs/semantics.md, "Faint
// registers"): the engine deletes the counters' assignments when it
// unrolls, the reference keeps them and leaves the counters out of the
// live sets of fair progress. Without either, no round of these loops is
// a cycle and they never converge. cas counts its failed rounds in %n (a
// chain through %m), tas its spins in %k, spin its polls in %k; get's %g
// holds a loaded value and is not faint. spin alone never sees Y set (a
// livelock).
//# test T = ( cas | cas )
//# test U = ( tas | tas )
//# test V = ( spin | set )
//# test W = ( spin )
global X
global L
global Y
proc cas() {
    %n := 0
    %m := 1
    retry: {
        %old := load @X
        %new := add(%old, 1)
        atomic { %cur := load @X  %ok := eq(%cur, %old)  if %ok { store @X, %new } }
        %n := add(%n, %m)
        %m := mul(%m, 2)
        if %ok { } else { continue retry }
    }
    %g := add(%old, 0)
    observe output "old" %g
}
proc tas() {
    %k := 0
    l: {
        atomic { %r := load @L  store @L, 1 }
        %k := add(%k, 1)
        %c := eq(%r, 1)
        if %c { continue l }
    }
    store @L, 0
}
proc spin() {
    %k := 0
    l: {
        %r := load @Y
        %k := add(%k, 1)
        %c := eq(%r, 0)
        if %c { continue l }
    }
    observe output "k" 1
}
proc set() { store @Y, 1 }
