/* detach.h: the publisher detached by attribute. */
#define ATTR
#include "detach.h"
