/* Polling under a mutex: the poller takes the lock, looks at the flag and,
 * if it is not set, releases the lock and tries again. Each such round
 * stores to the mutex twice (lock, unlock) and the next round reads the
 * unlock, so only the chain rule of fair progress (docs/semantics.md,
 * "Chains of read-modify-writes") lets the loop converge. The including
 * file says what the setter does: SET_UNDER_LOCK (set data and flag under
 * the mutex: PASS), SET_DATA_LATE (set the flag under the mutex, the data
 * after the unlock: the poller may read the data too early, FAIL), or
 * nothing (the flag is never set: the poller livelocks, FAIL), and
 * POLLERS, the number of pollers (1 or 2), and MUTEX_INIT (main
 * initialises the mutex with pthread_mutex_init). Two pollers read each other's
 * unlocks; they converge by the rule for chains on a global only
 * read-modify-writes touch, and without the flag they livelock together
 * (docs/semantics.md, "Cut-off threads and joint livelocks"). */
#include <pthread.h>
#include <assert.h>

#ifdef MUTEX_INIT
pthread_mutex_t m; /* main initialises it: a plain store before the threads */
#else
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
#endif
int ready, data;

void *setter(void *arg)
{
    pthread_mutex_lock(&m);
#if defined(SET_UNDER_LOCK)
    data = 42;
    ready = 1;
#elif defined(SET_DATA_LATE)
    ready = 1;
#endif
    pthread_mutex_unlock(&m);
#ifdef SET_DATA_LATE
    data = 42;
#endif
    return 0;
}

void *poller(void *arg)
{
    int d;
    for (;;) {
        pthread_mutex_lock(&m);
        if (ready) {
            d = data;
            pthread_mutex_unlock(&m);
            break;
        }
        pthread_mutex_unlock(&m);
    }
    assert(d == 42);
    return 0;
}

#ifndef POLLERS
#define POLLERS 1 /* the including file may start two */
#endif

int main(void)
{
    pthread_t a, b[POLLERS];
#ifdef MUTEX_INIT
    pthread_mutex_init(&m, 0);
#endif
    pthread_create(&a, 0, setter, 0);
    for (int i = 0; i < POLLERS; i++)
        pthread_create(&b[i], 0, poller, 0);
    pthread_join(a, 0);
    for (int i = 0; i < POLLERS; i++)
        pthread_join(b[i], 0);
    return 0;
}
