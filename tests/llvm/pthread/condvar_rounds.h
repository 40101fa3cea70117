/* One consumer takes, in a loop, the two items one producer adds under a
 * mutex, waiting on a condition variable while there is none. The
 * includer defines WAIT as `if` or `while`. With `if`, only a spurious
 * wakeup of the wait inside the consumer's loop makes it take an item
 * that is not there (docs/semantics.md, "Condition variables"). */
#include <pthread.h>
#include <assert.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t nonempty = PTHREAD_COND_INITIALIZER;
int items;

void *producer(void *arg)
{
    for (int i = 0; i < 2; i++) {
        pthread_mutex_lock(&m);
        items = items + 1;
        pthread_cond_signal(&nonempty);
        pthread_mutex_unlock(&m);
    }
    return 0;
}

void *consumer(void *arg)
{
    for (int k = 0; k < 2; k++) {
        pthread_mutex_lock(&m);
        WAIT (items == 0)
            pthread_cond_wait(&nonempty, &m);
        assert(items > 0);
        items = items - 1;
        pthread_mutex_unlock(&m);
    }
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
