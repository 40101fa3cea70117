/* MS queue, 1 enqueuers + 1 dequeuers. */
#define NENQ 1
#define NDEQ 1
#include "msq.h"
