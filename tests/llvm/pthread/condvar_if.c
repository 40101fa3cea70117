/* A consumer checks once: a signal that wakes both consumers lets the
 * second take an item that is not there. */
#define WAIT if
#define SIGNAL pthread_cond_broadcast
#include "condvar_queue.h"
