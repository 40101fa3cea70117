/* Each of two threads takes a test-and-set spinlock twice, so the lock's
 * address is accessed before every retry round but the first thread's
 * first: on rc11 and sc-cat a round of failed exchanges is deleted all
 * the same (docs/semantics.md, "Silent read-modify-writes on rc11 and
 * sc-cat"). PASS on every model that keeps acquire and release. */
#include <pthread.h>
#include <stdatomic.h>
#include <assert.h>

atomic_int lock;
int counter;

static void take(void)
{
    while (atomic_exchange_explicit(&lock, 1, memory_order_acquire))
        ;
}

static void drop(void) { atomic_store_explicit(&lock, 0, memory_order_release); }

void *add(void *arg)
{
    for (int i = 0; i < 2; i++) {
        take();
        counter = counter + 1;
        drop();
    }
    return 0;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, 0, add, 0);
    pthread_create(&b, 0, add, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    assert(counter == 4);
    return 0;
}
