/* Two threads take a mutex by spinning on pthread_mutex_trylock, yielding
 * between attempts, and increment a counter; a third tries once and, when
 * it gets the mutex, increments the counter too. Correct: every increment
 * is made under the mutex. With BUG the third thread increments the
 * counter also when the mutex was busy, racing with the holder: an
 * increment can be lost. */
#include <pthread.h>
#include <sched.h>
#include <errno.h>
#include <assert.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int count, got;

void *spinner(void *arg)
{
    while (pthread_mutex_trylock(&m) == EBUSY)
        sched_yield();
    count = count + 1;
    pthread_mutex_unlock(&m);
    return 0;
}

void *trier(void *arg)
{
    if (pthread_mutex_trylock(&m) == 0) {
        got = 1;
        count = count + 1;
        pthread_mutex_unlock(&m);
    }
#ifdef BUG
    else {
        got = 1; /* busy: it increments anyway, racing with the holder */
        count = count + 1;
    }
#endif
    return 0;
}

int main(void)
{
    pthread_t a, b, c;
    pthread_create(&a, 0, spinner, 0);
    pthread_create(&b, 0, spinner, 0);
    pthread_create(&c, 0, trier, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    pthread_join(c, 0);
    assert(count == 2 + got);
    return 0;
}
