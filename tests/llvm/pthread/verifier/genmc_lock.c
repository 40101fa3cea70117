/* Both values at most 3: the total is at most 6. */
#define LIMIT 6
#define LOCK_ORDER memory_order_acquire
#define UNLOCK_ORDER memory_order_release
#include "genmc_lock.h"
