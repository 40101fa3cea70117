/* string_copy.h expecting 1 in b[0] (a FAIL). */
#define EXPECT0 1
#include "string_copy.h"
