// Set tests of dissertation Fig. 8.2 (and Saa of Fig. 8.4): i initializes
// the set; a, c, r add, look up and remove a nondeterministic key 0 or 1;
// ap, cp, rp are the primed operations a', c', r' (no retries). Threads are
// separated by |; operations before the parentheses initialize.
test Sac    = i ( a | c )
test Sar    = i ( a | r )
test Saa    = i ( a | a )
test Sacr   = i ( a | c | r )
test Saacr  = i a ( a | c | r )
test Sacr2  = i a a r ( a | c | r )
test Saaarr = i a a a ( r | r c )
test S1     = i ( ap | ap | cp | cp | rp | rp )
test Sarr   = i ( a | r | r )
