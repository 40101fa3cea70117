/* The setter never sets the flag: the poller livelocks (poll_mutex.h). */
#include "poll_mutex.h"
