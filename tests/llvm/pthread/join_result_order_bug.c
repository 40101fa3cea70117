/* join_result_order.c expecting the results swapped: FAIL on every model. */
#define SWAPPED
#include "join_result_order.c"
