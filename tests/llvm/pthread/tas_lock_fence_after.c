/* tas_lock.h with a relaxed exchange and an acquire fence after the spin
 * (the fence synchronizes with the release store the last exchange read).
 * PASS on every model; on arm8 and power a relaxed exchange's failed
 * round is not deleted (the next round's exchange reads its store with no
 * acquire or load barrier between: docs/semantics.md, "Silent
 * read-modify-writes on the hardware models"), so there the spin does not
 * converge and the result says why. */
#define ACQUIRE memory_order_relaxed
#define RELEASE memory_order_release
#define FENCE_AFTER
#include "tas_lock.h"
