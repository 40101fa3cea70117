// Queue tests with identical threads, small enough for make test
// (with tests/lslqueue/msn.lsl and msn_nofence.lsl).
test Tee  = i ( e | e )
test Tedd = i ( e | d | d )
test Teed = i ( e | e | d )
