/* MS queue, 4 enqueuers + 4 dequeuers. */
#define NENQ 4
#define NDEQ 4
#include "msq.h"
