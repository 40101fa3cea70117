/* Treiber stack 2+2, the node published with a relaxed CAS. */
#define NPUSH 2
#define NPOP 2
#define RELAXED_BUG 1
#include "treiber.h"
