/* cycle_stale_bug.c with every atomic access seq_cst (docs/semantics.md,
 * "Storing rounds behind fences"): the pusher's failed rounds are still
 * storing cycles into its node, but on the .mm models the front end puts a
 * full fence after each access, so the reader's loads come after the
 * pusher's superseding store and it cannot see two overwritten values. A
 * failed round of a pusher cut off inside its loop is deleted on pso,
 * relaxed and rmo by the fence argument, and the answer is PASS on every
 * model, as without fair progress. */
#include <stdatomic.h>
#define PUSH_ORDER memory_order_seq_cst
#define READY_STORE memory_order_seq_cst
#define READY_LOAD memory_order_seq_cst
#define READ_ORDER memory_order_seq_cst
#include "cycle_stale_bug.c"
