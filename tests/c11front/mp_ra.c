/* Message passing with plain data and a release/acquire flag: no race. */
#include <stdatomic.h>
#include <lsl_protos.h>

int data;
atomic_int flag;

void producer(void)
{
    data = 42;
    atomic_store_explicit(&flag, 1, memory_order_release);
}

void consumer(void)
{
    int r = -1;
    if (atomic_load_explicit(&flag, memory_order_acquire) == 1)
        r = data;
    lsl_observe_output("r", r);
}
