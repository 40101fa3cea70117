/* Two pollers; the setter sets data and flag under the mutex (poll_mutex.h). */
#define SET_UNDER_LOCK
#define POLLERS 2
#include "poll_mutex.h"
