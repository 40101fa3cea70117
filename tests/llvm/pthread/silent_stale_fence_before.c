/* silent_stale.h with a relaxed exchange and an acquire fence at the
 * start of each round: no fence comes between the exchange's load and the
 * load after the loop (the last round breaks before its fence), so on
 * arm8 and power the silent round is kept and the stale data shows. Verdicts as
 * silent_stale.c. */
#define ORDER memory_order_relaxed
#define BARRIER_BEFORE
#include "silent_stale.h"
