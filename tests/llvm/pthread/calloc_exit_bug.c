/* calloc_exit.h expecting 4: exit(EXIT_FAILURE), a FAIL. */
#define WANT 4
#include "calloc_exit.h"
