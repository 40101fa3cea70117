/* vyukov.c without its fences. */
#define VYUKOV_NOFENCE
#include "vyukov.c"
