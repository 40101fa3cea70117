test T0 = ( producer | relaxed_fail )
test T1 = ( producer | acquire_fail )
