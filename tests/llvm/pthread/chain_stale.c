/* silent_stale.h with a chain of two relaxed exchanges: FAIL on arm8
 * and power (the stale data after the round) and, without any round, on relaxed and
 * rc11; PASS on sc, tso, sc-cat, riscv and tso-cat. */
#define CHAIN
#define ORDER memory_order_relaxed
#include "silent_stale.h"
