/* Atomic read-modify-writes: fetch_add, ++ and += on an atomic object,
 * exchange and compare-exchange (whose failure writes the value found to
 * *expected). The final values are observed; no race. */
#include <stdatomic.h>
#include <lsl_protos.h>

atomic_int count;
_Atomic long total;
atomic_uint wrap = ATOMIC_VAR_INIT(4294967295u);

void add_fetch(void)
{
    int old = atomic_fetch_add_explicit(&count, 2, memory_order_relaxed);
    lsl_observe_output("old", old);
    atomic_fetch_sub(&wrap, 1);
}

void add_plain(void)
{
    count++;
    total += 3;
    wrap++;
}

void swap(void)
{
    int old = atomic_exchange_explicit(&count, 10, memory_order_acq_rel);
    lsl_observe_output("old", old);
}

void cas(void)
{
    int expected = 0;
    _Bool ok = atomic_compare_exchange_strong_explicit(&count, &expected, 7,
        memory_order_release, memory_order_relaxed);
    lsl_observe_output("ok", ok);
    lsl_observe_output("expected", expected);
}

void final(void)
{
    lsl_observe_output("count", atomic_load(&count));
    lsl_observe_output("total", total);
    lsl_observe_output("wrap", atomic_load_explicit(&wrap, memory_order_relaxed));
}
