/* Two threads meet at a barrier twice: each writes its slot of a, waits,
 * reads the other's; then the same with b, so the barrier is reused.
 * Exactly one thread per round gets PTHREAD_BARRIER_SERIAL_THREAD. With
 * NOBARRIER (barrier_none.c) the reads may come first: a FAIL. */
#include <pthread.h>
#include <assert.h>
int a[2], b[2], serial;
pthread_barrier_t bar;
static void *worker(void *arg) {
    long i = (long)arg;
    a[i] = 1;
#ifndef NOBARRIER
    if (pthread_barrier_wait(&bar) == PTHREAD_BARRIER_SERIAL_THREAD)
        __atomic_fetch_add(&serial, 1, __ATOMIC_RELAXED);
#endif
    assert(a[1 - i] == 1);
    b[i] = 1;
#ifndef NOBARRIER
    pthread_barrier_wait(&bar);
#endif
    assert(b[1 - i] == 1);
    return 0;
}
int main(void) {
    pthread_t t[2];
    pthread_barrier_init(&bar, 0, 2);
    for (long i = 0; i < 2; i++)
        pthread_create(&t[i], 0, worker, (void *)i);
    for (int i = 0; i < 2; i++)
        pthread_join(t[i], 0);
    assert(serial == 1);
    return 0;
}
