/* Treiber stack 3+3; main frees every node at the end. */
#define NPUSH 3
#define NPOP 3
#define FREE 1
#include "treiber.h"
