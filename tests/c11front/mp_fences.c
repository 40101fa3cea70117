/* Message passing through a relaxed flag between a release fence and an
 * acquire fence (consume loads count as acquire): no race. */
#include <stdatomic.h>
#include <lsl_protos.h>

int data;
atomic_int flag;

void producer(void)
{
    data = 42;
    atomic_thread_fence(memory_order_release);
    atomic_store_explicit(&flag, 1, memory_order_relaxed);
}

void consumer(void)
{
    int r = -1;
    if (atomic_load_explicit(&flag, memory_order_relaxed) == 1) {
        atomic_thread_fence(memory_order_acquire);
        r = data;
    }
    lsl_observe_output("r", r);
}

void consumer_consume(void)
{
    int r = -1;
    if (atomic_load_explicit(&flag, memory_order_consume) == 1)
        r = data;
    lsl_observe_output("r", r);
}
