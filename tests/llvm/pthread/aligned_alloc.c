/* aligned_alloc.h: published with a release store. */
#define PUBLISH memory_order_release
#include "aligned_alloc.h"
