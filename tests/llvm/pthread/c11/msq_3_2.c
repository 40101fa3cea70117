/* MS queue, 3 enqueuers + 2 dequeuers. */
#define NENQ 3
#define NDEQ 2
#include "msq.h"
