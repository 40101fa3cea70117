/* free_at_end.h: a thread links its node without a CAS. */
#define LOST_LINK 1
#include "free_at_end.h"
