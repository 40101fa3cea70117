/* Treiber stack, three threads that each push and then pop; main frees every node at the end. */
#define NPUSH 0
#define NPOP 0
#define NMIX 3
#define FREE 1
#include "treiber.h"
