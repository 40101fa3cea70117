/* The setter sets data and flag under the mutex (poll_mutex.h). */
#define SET_UNDER_LOCK
#include "poll_mutex.h"
