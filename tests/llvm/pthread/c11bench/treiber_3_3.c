/* Treiber stack, 3 pushers + 3 poppers. */
#define NPUSH 3
#define NPOP 3
#include "treiber.h"
