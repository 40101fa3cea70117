// Dekker (../fairness/dekker.c without DEKKER_FENCES). T2 is the test of
// tests/fairness; T12 lets the first thread take the lock twice, so that
// the second one backs off, waits for the turn and raises its flag again
// while the first one is inside: the path through the second store-load
// fence the literature places.
test T2  = ( lock_inc_unlock | lock_inc_unlock )
test T12 = ( lock_inc_unlock lock_inc_unlock | lock_inc_unlock )
