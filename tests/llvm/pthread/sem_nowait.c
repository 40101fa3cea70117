/* sem_handoff.c with a consumer that does not wait (a FAIL). */
#define NOWAIT
#include "sem_handoff.c"
