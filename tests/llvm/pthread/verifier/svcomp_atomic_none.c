/* The adders' updates without atomic sections: two of them may read the
 * same counter, and one update is lost. */
#define BEGIN()
#define END()
#include "svcomp_atomic.h"
