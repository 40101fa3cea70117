/* lazylist.c without its fences: the lazy list-based set as published, for sequentially consistent
 * memory. It passes the tests on sc and fails them on relaxed
 * (expected.csv). Every lsl_fence call of lazylist.c does nothing here, and the
 * line numbers in traces are those of lazylist.c. */
#include <lsl_protos.h>
#define lsl_fence(kind) ((void)0)
#include "lazylist.c"
