/* calloc_exit.h: the pushes sum to 3. */
#define WANT 3
#include "calloc_exit.h"
