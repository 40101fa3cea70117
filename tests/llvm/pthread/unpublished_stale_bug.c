/* An atomic field: FAIL on rc11 by the assertion (unpublished_stale.h). */
#include "unpublished_stale.h"
