/* Message passing whose consumer reads the flag with a compare-exchange
 * that always fails (it expects 2; the flag is 0 or 1). A failed
 * compare-exchange reads with its failure order, here acquire, so reading the flag synchronises with its release store: no race
 * (docs/semantics.md, "Compare-exchange"). */
#include <pthread.h>
#include <stdatomic.h>
#include <assert.h>

int data;
atomic_int flag;

static void *producer(void *arg)
{
    data = 42;
    atomic_store_explicit(&flag, 1, memory_order_release);
    return 0;
}

static void *consumer(void *arg)
{
    int seen = 2;
    if (!atomic_compare_exchange_strong_explicit(&flag, &seen, 3, memory_order_seq_cst, memory_order_acquire) && seen == 1)
        assert(data == 42);
    return 0;
}

int main(void)
{
    pthread_t p, c;
    pthread_create(&p, 0, producer, 0);
    pthread_create(&c, 0, consumer, 0);
    pthread_join(p, 0);
    pthread_join(c, 0);
    return 0;
}
