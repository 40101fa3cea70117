/* A race only an earlier iteration of a spin loop shows: the reader
 * polls an acquire flag and, while the writer is busy, peeks at the
 * plain data. The iteration that reads data == 1 retries, and the last
 * iteration (ready set) reads nothing plain, so a model of the spin by
 * its last iteration alone misses the race (lsl/unspin.go). Racy on
 * every model. */
#include <pthread.h>
#include <stdatomic.h>

atomic_int ready, busy;
int data;

static void *reader(void *arg)
{
    for (;;) {
        if (atomic_load_explicit(&ready, memory_order_acquire))
            break;
        if (atomic_load_explicit(&busy, memory_order_relaxed) && data == 7)
            return 0;
    }
    return 0;
}

static void *writer(void *arg)
{
    atomic_store_explicit(&busy, 1, memory_order_relaxed);
    data = 1;
    atomic_store_explicit(&busy, 0, memory_order_relaxed);
    atomic_store_explicit(&ready, 1, memory_order_release);
    return 0;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, 0, reader, 0);
    pthread_create(&b, 0, writer, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return 0;
}
