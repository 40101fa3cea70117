// Out-of-thin-air values on relaxed. Each thread copies one global into the
// other; no store computes any value but 0 (and b's final 2) without a
// circular dependency. Relaxed orders neither the load before the store of
// each thread nor anything else here, so the axioms admit the cycle with
// any value v in r = s = v. Like the dissertation's range analysis
// (§7.3.2; §4.5.4 calls such models pathological), the engine excludes
// values that only a circular dependency produces: loaded values are
// restricted to the range analysis' sets, and registers are ⊥ only where a
// path reads them before writing them. Both sides agree on this decision.
//# test T = ( a | b )
//# models relaxed
global X
global Y
proc a() { %r := load @X  store @Y, %r  observe output "r" %r }
proc b() { %s := load @Y  store @X, %s  observe output "s" %s  store @X, 2 }
