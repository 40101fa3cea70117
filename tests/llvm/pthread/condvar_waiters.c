/* A consumer counts itself in `waiters` around its wait, inside the loop
 * that re-checks the condition, and the producer signals only when someone
 * waits: correct. The rounds of the loop store to `waiters`, which the
 * producer reads, so a round that woke spuriously is not one fair
 * progress can delete; at most one spurious wakeup per call of the
 * consumer keeps the loop converging (docs/semantics.md, "Condition
 * variables"). */
#include <pthread.h>
#include <assert.h>
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
int items, waiters;
void *producer(void *arg)
{
    pthread_mutex_lock(&m);
    items = items + 1;
    if (waiters > 0)
        pthread_cond_signal(&cv);
    pthread_mutex_unlock(&m);
    return 0;
}
void *consumer(void *arg)
{
    pthread_mutex_lock(&m);
    while (items == 0) {
        waiters = waiters + 1;
        pthread_cond_wait(&cv, &m);
        waiters = waiters - 1;
    }
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
    assert(items == 0 && waiters == 0);
    return 0;
}
