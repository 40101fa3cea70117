/* MS queue 2+2 with the dequeue CAS replaced by a store. */
#define NENQ 2
#define NDEQ 2
#define BUG 1
#include "msq.h"
