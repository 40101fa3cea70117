// queue tests (dissertation Fig. 8.2): i initializes, e enqueues 0 or 1, d dequeues
test T0   = i ( e | d )
test Tpc2 = i ( e e | d d )
test Ti2  = i e ( e d | d e )
test T1   = i ( e | e | d | d )
