/* The spinlock of tas_lock.h with acquire and release: passes on every
 * model, the orderings give the fences. */
#define ACQUIRE memory_order_acquire
#define RELEASE memory_order_release
#include "tas_lock.h"
