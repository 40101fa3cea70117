#define DEKKER_FENCES 1
#include "dekker.c"
