test MP = ( mp_writer | mp_reader ) mp_check
test SB = ( sb_left | sb_right ) sb_check
test LB = ( lb_left | lb_right ) lb_check
test IRIW = ( iriw_wx | iriw_wy | iriw_left | iriw_right ) iriw_check
