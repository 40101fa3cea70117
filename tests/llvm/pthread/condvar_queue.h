/* Two consumers take items that one producer adds under a mutex, waiting
 * on a condition variable while there is none. The includer defines WAIT
 * as `if` or `while` and SIGNAL as pthread_cond_signal or
 * pthread_cond_broadcast; with ONE_CONSUMER, one consumer takes the one
 * item the producer adds. */
#include <pthread.h>
#include <assert.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t nonempty = PTHREAD_COND_INITIALIZER;
int items;

void *producer(void *arg)
{
#ifdef ONE_CONSUMER
    int n = 1;
#else
    int n = 2;
#endif
    for (int i = 0; i < n; i++) {
        pthread_mutex_lock(&m);
        items = items + 1;
        SIGNAL(&nonempty);
        pthread_mutex_unlock(&m);
    }
    return 0;
}

void *consumer(void *arg)
{
    pthread_mutex_lock(&m);
    WAIT (items == 0)
        pthread_cond_wait(&nonempty, &m);
    assert(items > 0);
    items = items - 1;
    pthread_mutex_unlock(&m);
    return 0;
}

int main(void)
{
    pthread_t p, c1, c2;
    pthread_create(&c1, 0, consumer, 0);
#ifndef ONE_CONSUMER
    pthread_create(&c2, 0, consumer, 0);
#endif
    pthread_create(&p, 0, producer, 0);
    pthread_join(p, 0);
    pthread_join(c1, 0);
#ifndef ONE_CONSUMER
    pthread_join(c2, 0);
#endif
    assert(items == 0);
    return 0;
}
