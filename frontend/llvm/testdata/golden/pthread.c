/* A pthread program: main becomes the test. */
#include <pthread.h>
#include <stdatomic.h>
#include <assert.h>

int counter;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
atomic_int done;

void *worker(void *arg)
{
    int step = *(int *)arg;
    pthread_mutex_lock(&m);
    counter = counter + step;
    pthread_mutex_unlock(&m);
    atomic_fetch_add(&done, 1);
    return 0;
}

int main(void)
{
    static int one = 1, two = 2;
    pthread_t a, b;
    counter = 10;
    pthread_create(&a, 0, worker, &one);
    pthread_create(&b, 0, worker, &two);
    int seen = atomic_load(&done);
    pthread_join(a, 0);
    pthread_join(b, 0);
    assert(counter == 13);
    assert(seen <= 2);
    return 0;
}
