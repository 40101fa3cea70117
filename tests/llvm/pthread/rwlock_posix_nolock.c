/* rwlock_posix.h with readers that do not lock (a FAIL). */
#define NOLOCK
#include "rwlock_posix.h"
