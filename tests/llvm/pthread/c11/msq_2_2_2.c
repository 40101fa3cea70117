/* MS queue, 2 enqueuers + 2 dequeuers + 2 threads that enqueue and then
 * dequeue. */
#define NENQ 2
#define NDEQ 2
#define NBOTH 2
#include "msq.h"
