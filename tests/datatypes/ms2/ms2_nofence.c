/* ms2.c without its fences: the two-lock queue as published, for sequentially consistent
 * memory. It passes the tests on sc and fails them on relaxed
 * (expected.csv). Every lsl_fence call of ms2.c does nothing here, and the
 * line numbers in traces are those of ms2.c. */
#include <lsl_protos.h>
#define lsl_fence(kind) ((void)0)
#include "ms2.c"
