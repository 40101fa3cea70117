/* A waiter reads a counter with a relaxed load and then "touches" it with
 * fetch_add(&x, 0) (silent), retrying until the two agree on a value
 * above zero; the next round's plain load may read the previous round's
 * silent store, a load of the same thread that the .mm models' rule
 * excludes on relaxed and rmo and that rc11's handles (docs/semantics.md,
 * "Silent read-modify-writes on rc11 and sc-cat"). Two incrementers; the
 * waiter asserts that it saw 1 or 2. PASS. */
#include <pthread.h>
#include <stdatomic.h>
#include <assert.h>

atomic_int x;
int saw;

void *inc(void *arg)
{
    atomic_fetch_add_explicit(&x, 1, memory_order_relaxed);
    return 0;
}

void *waiter(void *arg)
{
    int a, b;
    do {
        a = atomic_load_explicit(&x, memory_order_relaxed);
        b = atomic_fetch_add_explicit(&x, 0, memory_order_relaxed);
    } while (a != b || a == 0);
    saw = a;
    return 0;
}

int main(void)
{
    pthread_t p, q, w;
    pthread_create(&p, 0, inc, 0);
    pthread_create(&q, 0, inc, 0);
    pthread_create(&w, 0, waiter, 0);
    pthread_join(p, 0);
    pthread_join(q, 0);
    pthread_join(w, 0);
    assert(saw == 1 || saw == 2);
    return 0;
}
