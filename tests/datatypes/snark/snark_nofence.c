/* snark.c without its fences: the snark deque as published, for sequentially consistent
 * memory. It passes the tests on sc and fails them on relaxed
 * (expected.csv). Every lsl_fence call of snark.c does nothing here, and the
 * line numbers in traces are those of snark.c. */
#include <lsl_protos.h>
#define lsl_fence(kind) ((void)0)
#include "snark.c"
