/* Two pollers of a mutex main initialises with pthread_mutex_init: the init
 * thread may store to it plainly, and it is still a global only
 * read-modify-writes of the threads reach (poll_mutex.h). */
#define SET_UNDER_LOCK
#define POLLERS 2
#define MUTEX_INIT
#include "poll_mutex.h"
