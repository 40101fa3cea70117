// Store buffering
test SB        = ( wx1 ry | wy1 rx )
test SB+sl     = ( wx1 sl_ry | wy1 sl_rx )
test SB+full   = ( wx1 full_rx | wy1 full_rx )
// Message passing (dissertation Fig. 3.2 and, with fences, Fig. 3.3)
test MP        = ( wx1 wy1 | ry rx )
test MP+ss     = ( wx1 ss_wy1 | ry rx )
test MP+ll     = ( wx1 wy1 | ry ll_rx )
test MP+ss+ll  = ( wx1 ss_wy1 | ry ll_rx )
// Load buffering
test LB        = ( rx wy1 | ry wx1 )
test LB+ls     = ( rx ls_wy1 | ry ls_wx1 )
// Independent reads of independent writes (Fig. 3.5)
test IRIW      = ( wx1 | wy1 | rx ry | ry rx )
test IRIW+ll   = ( wx1 | wy1 | rx ll_ry | ry ll_rx )
// Coherence of aliased loads
test CoRR      = ( wx1 | rx rx )
test CoRR+al   = ( wx1 | rx al_rx )
test CoRR+ll   = ( wx1 | rx ll_rx )
// Two stores each, final values observed after the threads
test 2+2W      = ( wx1 wy2 | wy1 wx2 ) rx ry
test 2+2W+ss   = ( wx1 ss_wy2 | wy1 ss_wx2 ) rx ry
// Store forwarding (Fig. 3.4)
test Fwd       = ( wx1 ss_wy1 | wy2 ry ll_rx ) ry
test Fwd+sl    = ( wx1 ss_wy1 | wy2 sl_ry ll_rx ) ry
// Message passing through a data-dependent pointer load
test MPdep     = ( wd ss_wp | rp_rd )
test MPdep+ddl = ( wd ss_wp | rp_ddl_rd )
