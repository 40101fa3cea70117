/* Two waits, one post: the second sem_wait waits for ever (a deadlock). */
#include <pthread.h>
#include <semaphore.h>
sem_t s;
static void *poster(void *a) { sem_post(&s); return 0; }
static void *waiter(void *a) { sem_wait(&s); sem_wait(&s); return 0; }
int main(void) {
    pthread_t p, w;
    sem_init(&s, 0, 0);
    pthread_create(&p, 0, poster, 0);
    pthread_create(&w, 0, waiter, 0);
    pthread_join(p, 0);
    pthread_join(w, 0);
    return 0;
}
