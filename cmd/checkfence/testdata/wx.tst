test A = ( wx )
