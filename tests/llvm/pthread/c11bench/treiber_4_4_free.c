/* Treiber stack, 4 pushers + 4 poppers; main frees every node at the end. */
#define NPUSH 4
#define NPOP 4
#define FREE 1
#include "treiber.h"
