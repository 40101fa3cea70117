/* MS queue, one enqueuer of two values + 2 dequeuers (the FIFO check per enqueuer). */
#define NENQ 1
#define NDEQ 2
#define ENQ_OPS 2
#include "msq.h"
