/* tas_lock_fence_after.c, and the value the last exchange read is an
 * index inside the critical section. PASS on every model; on arm8 and
 * power the relaxed exchange's failed rounds are kept: the next round's
 * exchange reads its store with no acquire or barrier between, and its
 * register reaches an address, so the rule for a relaxed exchange behind
 * a control dependency does not apply (docs/semantics.md, "Silent
 * read-modify-writes on the hardware models"): there the spin does not
 * converge and the result says why. */
#define ACQUIRE memory_order_relaxed
#define RELEASE memory_order_release
#define FENCE_AFTER
#define INDEX_OLD
#include "tas_lock.h"
