/* detached.h: main sets the flag. */
#define SET
#include "detached.h"
