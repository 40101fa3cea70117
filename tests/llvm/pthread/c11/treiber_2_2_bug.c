/* Treiber stack 2+2 with the pop CAS replaced by a store. */
#define NPUSH 2
#define NPOP 2
#define BUG 1
#include "treiber.h"
