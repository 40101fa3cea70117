// Stack tests: i initializes, u pushes 0 or 1, o pops. Threads are
// separated by |; operations of one thread run in order.
test T0 = i ( u | o )
test T1 = i ( u u | o o )
test T2 = i u ( u o | o u )
