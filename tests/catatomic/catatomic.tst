// Message passing whose writer orders its two stores only through a load
// that reads its first store back (rfi) and a control dependency.
test MP+cas+rfi+ctrl+ll = ( cas_rx_ctrl_wy | ry ll_rx )
test MP+rfi+ctrl+ll     = ( wx_rx_ctrl_wy | ry ll_rx )
