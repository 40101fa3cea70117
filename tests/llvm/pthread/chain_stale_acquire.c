/* silent_stale.h with a chain whose first exchange is an acquire: on
 * arm8 and power the round may be deleted (the first exchange's load is ordered
 * before the load after the loop). Verdicts as silent_stale_acquire.c. */
#define CHAIN
#define ORDER memory_order_acquire
#include "silent_stale.h"
