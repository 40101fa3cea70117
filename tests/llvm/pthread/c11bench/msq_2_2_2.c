/* MS queue, three threads that each enqueue and then dequeue. */
#define NENQ 0
#define NDEQ 0
#define NMIX 3
#include "msq.h"
