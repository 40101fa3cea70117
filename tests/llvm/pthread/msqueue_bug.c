/* 1 enqueuer, 2 dequeuers that move Head with a plain store: both can
 * take the one node, so main sees its value twice (a FAIL on every model). */
#define NENQ 1
#define NDEQ 2
#define JOIN_LOOP 1
#define PLAIN_HEAD_UPDATE 1
#include "msqueue.h"
