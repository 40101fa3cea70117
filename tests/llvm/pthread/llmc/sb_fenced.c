/* sb.c with a seq_cst fence where the thesis marks one. */
#include <stdatomic.h>
#define FENCE atomic_thread_fence(memory_order_seq_cst)
#include "sb.c"
