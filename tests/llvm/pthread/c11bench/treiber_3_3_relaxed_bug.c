/* Treiber stack 3+3, the node published with a relaxed CAS (threads that
 * differ in their arguments: encode/paramsym.go). */
#define NPUSH 3
#define NPOP 3
#define RELAXED_BUG 1
#include "treiber.h"
