/* cycle_stale_sc.c with a relaxed reader (docs/semantics.md, "Storing
 * rounds behind fences"): the pusher is seq_cst, so a full fence follows
 * each of its stores, but the reader's loads of P and of the node are
 * relaxed, unordered on relaxed and rmo, and it may read two overwritten
 * values after the publication there. The fence case must not delete the
 * pusher's failed rounds then: FAIL on relaxed and rmo at three rounds,
 * as without fair progress; PASS on sc, tso and pso (loads in order). */
#include <stdatomic.h>
#define PUSH_ORDER memory_order_seq_cst
#define READY_STORE memory_order_seq_cst
#define READY_LOAD memory_order_seq_cst
#define READ_ORDER memory_order_relaxed
#include "cycle_stale_bug.c"
