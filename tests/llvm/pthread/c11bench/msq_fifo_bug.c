/* The FIFO check's negative test: the enqueuer labels its two values in decreasing order. */
#define NENQ 1
#define NDEQ 2
#define ENQ_OPS 2
#define LABEL_BUG 1
#include "msq.h"
