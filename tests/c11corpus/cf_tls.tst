test T = ( op | op ) check
