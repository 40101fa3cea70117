test A = ( wx )
test A = ( wy )
