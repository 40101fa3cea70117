/* Double-checked locking done right: the flag is an atomic, read with
 * acquire outside the lock and written with release inside it, so a
 * thread that sees it set also sees `value`. Race free. */
#include <pthread.h>
#include <stdatomic.h>
#include <assert.h>

pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
atomic_int ready;
int value;

static int get(void)
{
    if (!atomic_load_explicit(&ready, memory_order_acquire)) {
        pthread_mutex_lock(&lock);
        if (!atomic_load_explicit(&ready, memory_order_relaxed)) {
            value = 42;
            atomic_store_explicit(&ready, 1, memory_order_release);
        }
        pthread_mutex_unlock(&lock);
    }
    return value;
}

static void *user(void *arg)
{
    assert(get() == 42);
    return 0;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, 0, user, 0);
    pthread_create(&b, 0, user, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return 0;
}
