/* Message passing whose consumer reads the flag with a compare-exchange
 * that always fails (it expects 2; the flag is 0 or 1): its read has the
 * failure order (docs/semantics.md, "Compare-exchange"). relaxed_fail's
 * does not synchronise with the release store, and its read of data
 * races; acquire_fail's does. */
#include <stdatomic.h>
#include <lsl_protos.h>

int data;
atomic_int flag;

void producer(void)
{
    data = 42;
    atomic_store_explicit(&flag, 1, memory_order_release);
}

void relaxed_fail(void)
{
    int seen = 2, r = -1;
    if (!atomic_compare_exchange_strong_explicit(&flag, &seen, 3, memory_order_seq_cst, memory_order_relaxed) && seen == 1)
        r = data;
    lsl_observe_output("r", r);
}

void acquire_fail(void)
{
    int seen = 2, r = -1;
    if (!atomic_compare_exchange_strong_explicit(&flag, &seen, 3, memory_order_acq_rel, memory_order_acquire) && seen == 1)
        r = data;
    lsl_observe_output("r", r);
}
