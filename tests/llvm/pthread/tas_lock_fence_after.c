/* tas_lock.h with a relaxed exchange and an acquire fence after the spin
 * (the fence synchronizes with the release store the last exchange read).
 * PASS on every model. On arm8 and power nothing orders a failed round's
 * exchange before the next round's, which reads its store; the round is
 * deleted all the same since 2026-12-02 because the exchange's value
 * only decides whether the loop goes round: every event after is control
 * dependent on it, as on the next exchange (docs/semantics.md, "Silent
 * read-modify-writes on the hardware models"). Before, the spin did not
 * converge there (tas_lock_fence_index.c still does not). */
#define ACQUIRE memory_order_relaxed
#define RELEASE memory_order_release
#define FENCE_AFTER
#include "tas_lock.h"
