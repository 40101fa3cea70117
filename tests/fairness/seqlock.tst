test R1 = ( write | read )
test R2 = ( write write | read )
test R3 = ( write | read read )
