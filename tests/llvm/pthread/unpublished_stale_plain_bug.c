/* A plain field: FAIL by a data race (unpublished_stale.h). */
#define PLAIN
#include "unpublished_stale.h"
