test CoRR = ( w | rd ) check
