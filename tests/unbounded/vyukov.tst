// Tests of the bounded queue (vyukov.c), capacity 2: i initializes, e
// enqueues 0 or 1 (ok=0 when full), d dequeues (ok=0 when empty).
test T0  = i ( e | d )
test T1  = i ( e | e | d )
test Tpc2 = i ( e e | d d )
test Tw  = i e e ( d | e )
test Tl  = i ( e d e | d e )
test T3  = i ( e e e | d d d | e d )
