/* free_at_end.h: main reads a node after freeing it. */
#define USE_AFTER 1
#include "free_at_end.h"
