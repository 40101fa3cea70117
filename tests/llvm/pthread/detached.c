/* detached.h: the flag is never set (no deadlock). */
#include "detached.h"
