/* barrier_rounds.c without the barrier (a FAIL). */
#define NOBARRIER
#include "barrier_rounds.c"
