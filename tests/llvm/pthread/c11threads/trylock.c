/* Some thread got the mutex. */
#define CHECK assert(bits != 0)
#include "trylock.h"
