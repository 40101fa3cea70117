test SB = ( wx ry | wy rx )
