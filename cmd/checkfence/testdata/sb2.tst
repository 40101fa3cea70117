test SB = ( wx ry | wy rx )
test SBswapped = ( wy rx | wx ry )
