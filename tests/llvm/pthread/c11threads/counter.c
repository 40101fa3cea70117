/* The increments under the mutex: none is lost. */
#define LOCK mtx_lock
#define UNLOCK mtx_unlock
#include "counter.h"
