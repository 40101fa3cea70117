/* harris.c without its fences: Harris's nonblocking set as published, for sequentially consistent
 * memory. It passes the tests on sc and fails them on relaxed
 * (expected.csv). Every lsl_fence call of harris.c does nothing here, and the
 * line numbers in traces are those of harris.c. */
#include <lsl_protos.h>
#define lsl_fence(kind) ((void)0)
#include "harris.c"
