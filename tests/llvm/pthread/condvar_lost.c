/* The consumer waits without a predicate: when the producer signals first,
 * the signal is lost and the consumer waits forever (a deadlock). */
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t done = PTHREAD_COND_INITIALIZER;

void *producer(void *arg)
{
    pthread_mutex_lock(&m);
    pthread_cond_signal(&done);
    pthread_mutex_unlock(&m);
    return 0;
}

void *consumer(void *arg)
{
    pthread_mutex_lock(&m);
    pthread_cond_wait(&done, &m);
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
    return 0;
}
