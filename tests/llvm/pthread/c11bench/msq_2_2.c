/* MS queue, 2 enqueuers + 2 dequeuers. */
#define NENQ 2
#define NDEQ 2
#include "msq.h"
