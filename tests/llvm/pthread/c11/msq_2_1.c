/* MS queue, 2 enqueuers + 1 dequeuers. */
#define NENQ 2
#define NDEQ 1
#include "msq.h"
