/* SB with relaxed accesses: FAIL on every model but sequential consistency. */
#define ORDER memory_order_relaxed
#include "join_result.h"
