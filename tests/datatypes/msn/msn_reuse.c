/* msn.c with memory reuse: nodes come from lsl_malloc and go back with
 * lsl_free, but the pointers still carry no ABA counters (the publication
 * pairs every pointer with a modification counter for this reason). A
 * dequeue can then read a node's value after another thread has dequeued,
 * freed and re-enqueued that node: test Ti2 fails on relaxed (README.md
 * explains the trace); the small tests pass on sc. The line numbers in
 * traces are those of msn.c. */
#include <lsl_protos.h>
#define lsl_malloc_noreuse lsl_malloc
#define lsl_free_noreuse lsl_free
#include "msn.c"
