/* Treiber stack 3+3, Top replaced with a plain store instead of a CAS
 * (threads that differ in their arguments: encode/paramsym.go). */
#define NPUSH 3
#define NPOP 3
#define STORE_BUG 1
#include "treiber.h"
