/* A queue in allocated memory whose mutex and condition variable main sets
 * up with pthread_mutex_init and pthread_cond_init: one consumer waits for
 * the item one producer adds. Correct; until pthread_cond_init set the
 * signal counter, the consumer's wait compared undefined values. */
#include <pthread.h>
#include <assert.h>
#include <stdlib.h>

struct queue {
    pthread_mutex_t m;
    pthread_cond_t nonempty;
    int items;
};
struct queue *q;

void *producer(void *arg)
{
    pthread_mutex_lock(&q->m);
    q->items = q->items + 1;
    pthread_cond_signal(&q->nonempty);
    pthread_mutex_unlock(&q->m);
    return 0;
}

void *consumer(void *arg)
{
    pthread_mutex_lock(&q->m);
    while (q->items == 0)
        pthread_cond_wait(&q->nonempty, &q->m);
    q->items = q->items - 1;
    pthread_mutex_unlock(&q->m);
    return 0;
}

int main(void)
{
    pthread_t p, c;
    q = malloc(sizeof *q);
    pthread_mutex_init(&q->m, 0);
    pthread_cond_init(&q->nonempty, 0);
    q->items = 0;
    pthread_create(&c, 0, consumer, 0);
    pthread_create(&p, 0, producer, 0);
    pthread_join(p, 0);
    pthread_join(c, 0);
    assert(q->items == 0);
    return 0;
}
