/* A barrier for three threads that only two reach: a deadlock. */
#include <pthread.h>
pthread_barrier_t bar;
static void *worker(void *arg) { pthread_barrier_wait(&bar); return 0; }
int main(void) {
    pthread_t t[2];
    pthread_barrier_init(&bar, 0, 3);
    for (int i = 0; i < 2; i++)
        pthread_create(&t[i], 0, worker, 0);
    for (int i = 0; i < 2; i++)
        pthread_join(t[i], 0);
    return 0;
}
