// Deque tests of dissertation Fig. 8.2 (our reading of them, see README.md):
// i initializes the deque; al, ar push a nondeterministic 0 or 1 on the
// left/right; rl, rr pop from the left/right; alp, arp, rlp, rrp are the
// primed operations (no retries). Threads are separated by |.
test D0 = i ( al rr | ar rl )
test Da = i al al ( rr rr | rl rl )
test Db = i ( rr rl | ar | al )
test Dm = i ( alp alp alp | rrp rrp rrp | rlp arp )
test Dq = i ( alp alp | arp arp | rlp rlp | rrp rrp )

