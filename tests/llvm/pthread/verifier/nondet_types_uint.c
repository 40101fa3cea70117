/* An unsigned int may exceed INT_MAX. */
#define CHECK (u <= 2147483647u)
#include "nondet_types.h"
