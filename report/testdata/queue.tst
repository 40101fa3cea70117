test T0 = i ( e | d )
