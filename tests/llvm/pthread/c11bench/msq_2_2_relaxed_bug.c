/* MS queue 2+2, the node published with a relaxed CAS. */
#define NENQ 2
#define NDEQ 2
#define RELAXED_BUG 1
#include "msq.h"
