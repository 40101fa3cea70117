test T = ( add | add ) check
