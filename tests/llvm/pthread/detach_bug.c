/* detach.h: the flag before the data. */
#define RACY
#include "detach.h"
