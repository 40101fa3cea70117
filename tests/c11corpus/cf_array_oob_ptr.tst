test T = ( op )
