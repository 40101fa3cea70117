/* abort_before_join.h: main aborts when it reads the thread's store. */
#define SEEN 7
#include "abort_before_join.h"
