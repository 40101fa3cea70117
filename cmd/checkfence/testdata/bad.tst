test A = ( wx | nosuchop )
