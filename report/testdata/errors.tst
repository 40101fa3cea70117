test Count    = ( inc | inc ) check
test Deadlock = ( waitx | waity )
test Null     = ( set | follow )
