/* The consumer does not wait: it may take the value before it is
 * there. */
#define WAIT (void)0
#include "handoff.h"
