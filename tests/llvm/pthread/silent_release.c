/* A flag that main sets before starting the threads is set again, in a
 * retry loop, by a release exchange (silent: it writes 1 over 1) until
 * another thread clears it; a reader that sees the flag with an acquire
 * load reads the data. When the reader reads one of the releasing
 * thread's silent stores it synchronizes with that thread and sees
 * data = 1; when it reads main's store, it does not, and the read races.
 * So the reader's view depends on which store of the chain it read:
 * deleting a silent round hands it main's store instead, an execution
 * with a race, which the program has anyway. FAIL (data race) on rc11. */
#include <pthread.h>
#include <stdatomic.h>
#include <assert.h>

atomic_int flag;
int data, seen = -1;

void *releaser(void *arg)
{
    data = 1;
    while (atomic_exchange_explicit(&flag, 1, memory_order_release) == 1)
        ;
    return 0;
}

void *clearer(void *arg)
{
    atomic_store_explicit(&flag, 0, memory_order_relaxed);
    return 0;
}

void *reader(void *arg)
{
    if (atomic_load_explicit(&flag, memory_order_acquire) == 1)
        seen = data;
    return 0;
}

int main(void)
{
    pthread_t b, c, d;
    atomic_store_explicit(&flag, 1, memory_order_relaxed);
    pthread_create(&b, 0, releaser, 0);
    pthread_create(&c, 0, clearer, 0);
    pthread_create(&d, 0, reader, 0);
    pthread_join(b, 0);
    pthread_join(c, 0);
    pthread_join(d, 0);
    return 0;
}
