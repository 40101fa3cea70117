/* 2 enqueuers, 1 dequeuer, joined in a loop. */
#define NENQ 2
#define NDEQ 1
#define JOIN_LOOP 1
#include "msqueue.h"
