/* silent_stale.h with an acquire exchange: on arm8 the silent round may
 * be deleted (the exchange's load is ordered before the load after the
 * loop). PASS on sc, tso, sc-cat, arm8, riscv and tso-cat; FAIL on relaxed
 * and rc11 without any round, as silent_stale.c. */
#define ORDER memory_order_acquire
#include "silent_stale.h"
