/* Both threads got the mutex: false when one tries while the other
 * holds it. */
#define CHECK assert(bits == 3)
#include "trylock.h"
