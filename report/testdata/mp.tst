test MP     = ( wx | ry )
test MPops  = ( wx1 wy1 | ry1 rx1 )
test 2+2W   = ( wx1 wy2 | wy1 wx2 ) rx1 ry1
