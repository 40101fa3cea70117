/* Every value is within its type's range. */
#define CHECK (u <= 4294967295u && c >= -128 && c <= 127 && (b == 0 || b == 1))
#include "nondet_types.h"
