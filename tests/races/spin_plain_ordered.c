/* A spin loop with a plain load that does not race: the reader polls an
 * acquire flag and re-reads a plain setting main wrote before it started
 * the threads (pthread_create orders it), then reads the plain data the
 * release store published. Race free on every model; the spin runs as an
 * ordinary loop when races are checked (lsl/unspin.go). */
#include <pthread.h>
#include <stdatomic.h>
#include <assert.h>

atomic_int ready;
int data, limit;

static void *reader(void *arg)
{
    for (;;) {
        if (atomic_load_explicit(&ready, memory_order_acquire))
            break;
        if (limit == 0)
            return 0;
    }
    assert(data == 42);
    return 0;
}

static void *writer(void *arg)
{
    data = 42;
    atomic_store_explicit(&ready, 1, memory_order_release);
    return 0;
}

int main(void)
{
    pthread_t a, b;
    limit = 3;
    pthread_create(&a, 0, reader, 0);
    pthread_create(&b, 0, writer, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return 0;
}
