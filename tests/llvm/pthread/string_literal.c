/* string_literal.h: the consumer sees the literals the producer copied. */
#define EXPECT1 'i'
#include "string_literal.h"
