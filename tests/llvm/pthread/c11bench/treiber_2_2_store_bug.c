/* Treiber stack 2+2, Top replaced with a plain store instead of a CAS. */
#define NPUSH 2
#define NPOP 2
#define STORE_BUG 1
#include "treiber.h"
