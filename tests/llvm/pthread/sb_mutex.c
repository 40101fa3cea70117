/* Store buffering through two mutexes: each thread stores its flag, then
 * takes its own mutex and reads the other's flag. Taking a mutex is an
 * atomic exchange, on x86 a locked instruction (xchg), a full barrier:
 * both may read 0 on pso, rmo, relaxed, arm8, riscv, power and rc11 (an
 * acquire orders nothing before it), not on sc, tso and tso-cat. tso-cat answered
 * FAIL until 2026-12-02: its atomic blocks were no locked instructions
 * (docs/models.md, "Atomic blocks on tso-cat"). */
#include <pthread.h>
#include <stdatomic.h>
#include <assert.h>

atomic_int x, y;
int r1, r2;
pthread_mutex_t m1 = PTHREAD_MUTEX_INITIALIZER, m2 = PTHREAD_MUTEX_INITIALIZER;

static void *t1(void *arg)
{
    atomic_store_explicit(&x, 1, memory_order_relaxed);
    pthread_mutex_lock(&m1);
    r1 = atomic_load_explicit(&y, memory_order_relaxed);
    pthread_mutex_unlock(&m1);
    return 0;
}

static void *t2(void *arg)
{
    atomic_store_explicit(&y, 1, memory_order_relaxed);
    pthread_mutex_lock(&m2);
    r2 = atomic_load_explicit(&x, memory_order_relaxed);
    pthread_mutex_unlock(&m2);
    return 0;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, 0, t1, 0);
    pthread_create(&b, 0, t2, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    assert(r1 == 1 || r2 == 1);
    return 0;
}
