/* Treiber stack, three threads that each push and then pop. */
#define NPUSH 0
#define NPOP 0
#define NMIX 3
#include "treiber.h"
