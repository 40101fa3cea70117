/* rwlock_posix.h with locking readers: a PASS. */
#include "rwlock_posix.h"
