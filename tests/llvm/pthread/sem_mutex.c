/* A binary semaphore and a pthread spinlock each guard a counter; at the
 * end both counters are 2 and the semaphore is back at 1. */
#include <pthread.h>
#include <semaphore.h>
#include <assert.h>
int counter;
sem_t m;
pthread_spinlock_t l;
int counter2;
static void *inc(void *a) {
    sem_wait(&m); counter++; sem_post(&m);
    pthread_spin_lock(&l); counter2++; pthread_spin_unlock(&l);
    return 0;
}
int main(void) {
    pthread_t a, b;
    sem_init(&m, 0, 1);
    pthread_spin_init(&l, 0);
    pthread_create(&a, 0, inc, 0);
    pthread_create(&b, 0, inc, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    int v;
    sem_getvalue(&m, &v);
    assert(counter == 2 && counter2 == 2 && v == 1);
    return 0;
}
