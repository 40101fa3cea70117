/* The spinlock of tas_lock.h with relaxed orderings: no fences, so on the
 * models that reorder the critical section out of the lock (pso stores,
 * relaxed and rmo everything) an increment is lost. */
#define ACQUIRE memory_order_relaxed
#define RELEASE memory_order_relaxed
#include "tas_lock.h"
