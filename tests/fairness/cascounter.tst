test T2 = ( inc | inc ) get
test T3 = ( inc | inc | inc ) get
test T22 = ( inc inc | inc inc ) get
