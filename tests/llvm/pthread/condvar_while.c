/* Consumers wait in a loop: correct. */
#define WAIT while
#define SIGNAL pthread_cond_signal
#include "condvar_queue.h"
