/* MS queue, 3 enqueuers + 3 dequeuers. */
#define NENQ 3
#define NDEQ 3
#include "msq.h"
