test T = ( ping | pong )
