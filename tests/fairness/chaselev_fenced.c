#define CHASELEV_FENCES 1
#include "chaselev.c"
