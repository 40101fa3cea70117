/* silent_stale.h with a relaxed exchange: FAIL on arm8 (the stale data
 * after a silent round) and power; FAIL on relaxed and rc11 without any
 * round (they keep no order from the load of l to the dependent load);
 * PASS on sc, tso, sc-cat, riscv and tso-cat. */
#define ORDER memory_order_relaxed
#include "silent_stale.h"
