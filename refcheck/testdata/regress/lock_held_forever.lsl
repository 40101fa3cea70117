// Two threads take a lock and never release it: the second waits forever.
// The blocked iteration's exchange stores "held" over "held"; that store
// must not count as a later store that would make the wait non-final.
//# test T = ( lock | lock )
//# models sc relaxed
global L
proc lock() { spin S { atomic { %v := load @L  store @L, 1 }  %b := ne(%v, 0)  if %b { continue S } } }
