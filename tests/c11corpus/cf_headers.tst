test T = ( add ) check
