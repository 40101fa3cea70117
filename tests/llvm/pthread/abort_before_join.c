/* abort_before_join.h: the thread stores a value main does not abort on. */
#define SEEN 2
#include "abort_before_join.h"
