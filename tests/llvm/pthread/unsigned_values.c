/* What C says of the values. */
#define CHECK                                                  \
    assert(small == 200);                                      \
    assert(small > 100);                                       \
    assert(big > 5);                                           \
    assert(big / 2 == 2000000000u);                            \
    assert(big % 7 == 3);                                      \
    assert((big >> 31) == 1);                                  \
    assert(big == 4000000000u);                                \
    assert(mid > 60000);                                       \
    assert(wrapped == 44);                                     \
    assert(high == big)
#include "unsigned_values.h"
