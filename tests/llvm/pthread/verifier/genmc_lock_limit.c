/* Both threads may add 3: a total of 6 exceeds 5 on every model. */
#define LIMIT 5
#define LOCK_ORDER memory_order_acquire
#define UNLOCK_ORDER memory_order_release
#include "genmc_lock.h"
