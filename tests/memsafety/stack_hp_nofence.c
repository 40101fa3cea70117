/* stack_hp.c without the store-load fence after publishing the hazard
 * pointer: a use after free on tso. */
#define STORE_LOAD_FENCE() /* missing */
#include "stack_hp.c"
