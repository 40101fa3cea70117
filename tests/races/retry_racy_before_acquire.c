/* A race that only retry rounds show, followed by an acquire that orders
 * the same access later: the reader spins on ready (acquire); a round
 * that sees ready = 0 and busy = 1 reads data while the writer writes it
 * non-atomically. Such a round stores nothing and ends as it started, a
 * redundant round of fair progress, and the round that exits reads no
 * data. The read after the loop is the same kind of access to data, but
 * it comes after the acquire that read the writer's release: it does not
 * race. So the race check must keep the failed round (encode/race.go,
 * raceCovered stops at an event sw may end at): a data race on every
 * model, found in an execution in which no thread is cut off. */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

atomic_int ready, busy;
int data;

static void *reader(void *arg)
{
    for (;;) {
        int one = 1;
        if (atomic_compare_exchange_strong(&ready, &one, 2))
            break;
        if (atomic_load_explicit(&busy, memory_order_relaxed) && data == 7) /* racy; never 7 */
            return 0;
    }
    assert(data == (int)(long)arg);
    return 0;
}

static void *writer(void *arg)
{
    atomic_store_explicit(&busy, 1, memory_order_relaxed);
    data = (int)(long)arg; /* 1; not a constant the compiler folds */
    atomic_store_explicit(&busy, 0, memory_order_relaxed);
    atomic_store_explicit(&ready, 1, memory_order_release);
    return 0;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, 0, reader, (void *)1);
    pthread_create(&b, 0, writer, (void *)1);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return 0;
}
