/* The lock without acquire and release: a thread may read the total
 * before the other's addition is visible, and one value is lost. */
#define LIMIT 6
#define LOCK_ORDER memory_order_relaxed
#define UNLOCK_ORDER memory_order_relaxed
#include "genmc_lock.h"
