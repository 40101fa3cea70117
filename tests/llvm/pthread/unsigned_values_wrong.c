/* A claim that is false of unsigned char 200 (it held when 200 was read
 * as -56). */
#define CHECK assert(small < 128)
#include "unsigned_values.h"
