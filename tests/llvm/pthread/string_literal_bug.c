/* string_literal.h: the consumer expects a char no literal put there. */
#define EXPECT1 'o'
#include "string_literal.h"
