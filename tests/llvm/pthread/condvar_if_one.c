/* One consumer checks once: `if` instead of `while` around the wait. The
 * signal comes after the item, but POSIX lets a wait return without a
 * signal (a spurious wakeup), and then the consumer takes an item that is
 * not there. */
#define WAIT if
#define SIGNAL pthread_cond_signal
#define ONE_CONSUMER
#include "condvar_queue.h"
