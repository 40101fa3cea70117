/* container_of_null.h: main expects a sum the list does not have. */
#define SUM 6
#include "container_of_null.h"
