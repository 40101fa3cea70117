/* free_at_end.h: main frees the first node twice. */
#define DOUBLE_FREE 1
#include "free_at_end.h"
