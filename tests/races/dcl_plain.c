/* Double-checked locking with a plain flag: the first check reads
 * `ready` outside the lock while another thread writes it inside, a data
 * race (and a reader may see `ready` before `value`). */
#include <pthread.h>
#include <assert.h>

pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
int ready;
int value;

static int get(void)
{
    if (!ready) {
        pthread_mutex_lock(&lock);
        if (!ready) {
            value = 42;
            ready = 1;
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
