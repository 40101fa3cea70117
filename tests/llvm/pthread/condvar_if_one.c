/* One consumer checks once: `if` instead of `while` around the wait. Every
 * signal comes after the item, but POSIX lets a wait return without a
 * signal (a spurious wakeup), and then the consumer takes an item that is
 * not there. */
#include <pthread.h>
#include <assert.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t nonempty = PTHREAD_COND_INITIALIZER;
int items;

void *producer(void *arg)
{
    pthread_mutex_lock(&m);
    items = items + 1;
    pthread_cond_signal(&nonempty);
    pthread_mutex_unlock(&m);
    return 0;
}

void *consumer(void *arg)
{
    pthread_mutex_lock(&m);
    if (items == 0)
        pthread_cond_wait(&nonempty, &m);
    assert(items > 0);
    items = items - 1;
    pthread_mutex_unlock(&m);
    return 0;
}

int main(void)
{
    pthread_t p, c;
    pthread_create(&c, 0, consumer, 0);
    pthread_create(&p, 0, producer, 0);
    pthread_join(p, 0);
    pthread_join(c, 0);
    assert(items == 0);
    return 0;
}
