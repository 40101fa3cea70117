/* A char may be -128. */
#define CHECK (c != -128)
#include "nondet_types.h"
