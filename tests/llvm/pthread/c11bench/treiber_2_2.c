/* Treiber stack, 2 pushers + 2 poppers. */
#define NPUSH 2
#define NPOP 2
#include "treiber.h"
