test Inc2     = ( inc | inc )
test Inc3     = ( inc | flag | inc | inc )
test Mixed    = ( inc flag | flag inc | inc flag )
test Flag2    = ( flag | flag ) final
test Who2     = ( who | who )
test Where2   = ( where | where )
test Leak2    = ( leak | leak ) final
