// two increments, then a check
test Locked = ( inc | inc ) check
