/* Without the mutex an increment may be lost. */
#define LOCK(m) ((void)0)
#define UNLOCK(m) ((void)0)
#include "counter.h"
