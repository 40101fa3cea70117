/* MS queue, 4 enqueuers + 4 dequeuers; main frees every node at the end. */
#define NENQ 4
#define NDEQ 4
#define FREE 1
#include "msq.h"
