/* chaselev.c without its fences. */
#define CHASELEV_NOFENCE
#include "chaselev.c"
