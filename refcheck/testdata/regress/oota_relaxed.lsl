// Out-of-thin-air values on relaxed. Each thread copies one global into the
// other; no store computes any value but 0 (and b's final 2) without a
// circular dependency. Relaxed orders neither the load before the store of
// each thread nor anything else here, so the axioms admit the cycle with
// any value v in r = s = v. The engine enumerates the cycle for the values
// its bit vectors can hold — r = s = 1, 3 and undef — and so reports FAIL
// (consistency) with values no store ever computed, and a different set
// with another --int-width. The reference leaves out values that only a
// circular dependency produces (the dissertation's range analysis, §7.3.2,
// assumes the same; §4.5.4 calls such models pathological).
//# test T = ( a | b )
//# models relaxed
//# known the engine enumerates out-of-thin-air values on relaxed up to its bit width; the reference excludes them (a semantic decision for the lead)
global X
global Y
proc a() { %r := load @X  store @Y, %r  observe output "r" %r }
proc b() { %s := load @Y  store @X, %s  observe output "s" %s  store @X, 2 }
