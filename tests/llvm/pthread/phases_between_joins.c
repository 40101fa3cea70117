/* main joins the writer, then raises a flag with a release store while the
 * poller still runs: a poller that sees the flag must also see the
 * writer's store, through the join and the flag (happens-before is
 * transitive). So every model passes it, and rc11 finds no race. */
#include <pthread.h>
#include <stdatomic.h>
#include <assert.h>

int x;
atomic_int flag;

static void *writer(void *arg) { x = 1; return 0; }

static void *poller(void *arg)
{
    if (atomic_load_explicit(&flag, memory_order_acquire) == 1)
        assert(x == 1);
    return 0;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, 0, writer, 0);
    pthread_create(&b, 0, poller, 0);
    pthread_join(a, 0);
    assert(x == 1);
    atomic_store_explicit(&flag, 1, memory_order_release);
    pthread_join(b, 0);
    return 0;
}
