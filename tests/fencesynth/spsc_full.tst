// spsc.c with a test that also checks full and empty: p1 p2 p1 fills
// the ring and finds it full, so no consume can have run before; a
// consumer that finds it empty after one value is not consistent with
// that. On tso the full and empty checks form a store-buffering pattern
// (each side stores its index, then reads the other one), so a
// consistent answer needs store-load fences; the transfer of values
// (spsc.tst) needs none.
test T3 = ( p1 p2 p1 | c c )
