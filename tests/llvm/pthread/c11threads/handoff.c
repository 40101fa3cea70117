/* The consumer waits until the value is there. */
#define WAIT while (!full) cnd_wait(&ready, &m)
#include "handoff.h"
