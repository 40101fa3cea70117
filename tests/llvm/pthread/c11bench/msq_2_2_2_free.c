/* MS queue, three threads that each enqueue and then dequeue; main frees every node at the end. */
#define NENQ 0
#define NDEQ 0
#define NMIX 3
#define FREE 1
#include "msq.h"
