test SB = ( sb0 | sb1 )
test MP = ( mp_writer | mp_reader )
test MP.spin = ( mp_writer | mp_spin_reader )
test 2+2W = ( w0 | w1 ) final
