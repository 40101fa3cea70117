test A = ( wx | 
