/* Two pollers; the setter sets the data after the unlock: a poller may read
 * it too early (poll_mutex.h). */
#define SET_DATA_LATE
#define POLLERS 2
#include "poll_mutex.h"
