/* The setter writes the data after it unlocks (poll_mutex.h). */
#define SET_DATA_LATE
#include "poll_mutex.h"
