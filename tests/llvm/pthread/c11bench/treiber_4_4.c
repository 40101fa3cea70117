/* Treiber stack, 4 pushers + 4 poppers. */
#define NPUSH 4
#define NPOP 4
#include "treiber.h"
