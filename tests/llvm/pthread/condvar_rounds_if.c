/* The consumer waits under `if` inside its loop: a spurious wakeup
 * fails it. */
#define WAIT if
#include "condvar_rounds.h"
