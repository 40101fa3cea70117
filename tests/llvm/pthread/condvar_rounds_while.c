/* The consumer waits in a `while` loop inside its loop: correct. */
#define WAIT while
#include "condvar_rounds.h"
