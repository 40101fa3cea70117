/* silent_stale.h with a relaxed exchange followed by an acquire fence
 * (DMB ISHLD on arm8, lwsync on power): there the silent round may be
 * deleted. Verdicts
 * as silent_stale_acquire.c. */
#define ORDER memory_order_relaxed
#define BARRIER
#include "silent_stale.h"
