/* trylock.c with the busy trier incrementing the counter: the
 * increments race and one can be lost. */
#define BUG
#include "trylock.c"
