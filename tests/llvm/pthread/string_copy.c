/* string_copy.h: the copy has the thread's 0. */
#define EXPECT0 0
#include "string_copy.h"
