/* The lowering of this stop's pthread and libc calls: a phased main
 * (work between joins, a create after a join, a join result), a
 * semaphore, a barrier, a read-write lock, pthread_once, pthread_exit,
 * calloc, printf and exit. */
#include <pthread.h>
#include <semaphore.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int data, table[2];
sem_t ready;
pthread_barrier_t bar;
pthread_rwlock_t lock = PTHREAD_RWLOCK_INITIALIZER;
pthread_once_t once = PTHREAD_ONCE_INIT;

static void init(void) { table[0] = 1; }

static void *producer(void *arg)
{
    pthread_once(&once, init);
    pthread_rwlock_wrlock(&lock);
    data = (int)(long)arg;
    pthread_rwlock_unlock(&lock);
    sem_post(&ready);
    if (pthread_barrier_wait(&bar) == PTHREAD_BARRIER_SERIAL_THREAD)
        pthread_exit((void *)1);
    return 0;
}

static void *consumer(void *arg)
{
    int *seen = calloc(1, sizeof(int));
    sem_wait(&ready);
    pthread_rwlock_rdlock(&lock);
    *seen = data;
    pthread_rwlock_unlock(&lock);
    pthread_barrier_wait(&bar);
    usleep(1);
    return seen;
}

int main(void)
{
    pthread_t p, c, q;
    void *r;
    sem_init(&ready, 0, 0);
    pthread_barrier_init(&bar, 0, 2);
    pthread_create(&p, 0, producer, (void *)7);
    pthread_create(&c, 0, consumer, 0);
    pthread_join(c, &r);
    printf("%d\n", *(int *)r);
    pthread_create(&q, 0, producer, (void *)(long)*(int *)r);
    pthread_join(p, 0);
    pthread_join(q, 0);
    if (data != 7)
        exit(1);
    return 0;
}
