/* silent_stale.h with an acquire exchange: on arm8 and power the silent
 * round may be deleted (the exchange's load is ordered before the load
 * after the loop: LDAXR; lwsync after it on power). PASS on sc, tso,
 * sc-cat, arm8, riscv, tso-cat and power; FAIL on relaxed
 * and rc11 without any round, as silent_stale.c. */
#define ORDER memory_order_acquire
#include "silent_stale.h"
