// Tests for queue.lsl: i initializes, e enqueues, d dequeues.
test T0   = i ( e | d )
test Ti2  = i e ( e d | d e )
test Tpc2 = i ( e e | d d )
/* a test with a final operation that drains the queue */
test Tdrain = i ( e | e ) d d
