/* aligned_alloc.h: published with a relaxed store, so the consumer may
 * see the node before its fields (relaxed). */
#define PUBLISH memory_order_relaxed
#include "aligned_alloc.h"
