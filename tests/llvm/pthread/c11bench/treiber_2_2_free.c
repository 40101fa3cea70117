/* Treiber stack 2+2; main frees every node at the end. */
#define NPUSH 2
#define NPOP 2
#define FREE 1
#include "treiber.h"
