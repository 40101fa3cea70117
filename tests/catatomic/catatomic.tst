// Message passing whose writer orders its two stores only through a load
// that reads its first store back (rfi) and a control dependency.
test MP+cas+rfi+ctrl+ll = ( cas_rx_ctrl_wy | ry ll_rx )
test MP+rfi+ctrl+ll     = ( wx_rx_ctrl_wy | ry ll_rx )
// Store buffering through a CAS that succeeds, one that fails, and a block
// that only loads.
test SB+cas     = ( wx_cas_ry | wy_cas_rx )
test SB+failcas = ( wx_failcas_ry | wy_failcas_rx )
test SB+rblock  = ( wx_rblock_ry | wy_rblock_rx )
