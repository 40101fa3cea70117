/* 2 enqueuers, 1 dequeuer, joined one call per thread. */
#define NENQ 2
#define NDEQ 1
#include "msqueue.h"
