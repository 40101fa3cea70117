/* A semaphore hands data from a producer to a consumer: sem_post releases,
 * sem_wait acquires, so the consumer sees the data on every model. With
 * NOWAIT (sem_nowait.c) the consumer does not wait when the count is 0: a
 * FAIL, and a race on rc11. */
#include <pthread.h>
#include <semaphore.h>
#include <assert.h>
int data;
sem_t ready;
static void *producer(void *a) { data = 42; sem_post(&ready); return 0; }
static void *consumer(void *a) {
#ifdef NOWAIT
    if (sem_trywait(&ready) == 0)
        assert(data == 42);
    else
        assert(data == 42);
#else
    sem_wait(&ready);
    assert(data == 42);
#endif
    return 0;
}
int main(void) {
    pthread_t p, c;
    sem_init(&ready, 0, 0);
    pthread_create(&p, 0, producer, 0);
    pthread_create(&c, 0, consumer, 0);
    pthread_join(p, 0);
    pthread_join(c, 0);
    return 0;
}
