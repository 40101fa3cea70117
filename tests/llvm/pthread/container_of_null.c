/* container_of_null.h: both items are on the list. */
#define SUM 7
#include "container_of_null.h"
