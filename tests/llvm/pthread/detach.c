/* detach.h: data before flag. */
#include "detach.h"
