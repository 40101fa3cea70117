/* Two threads add their argument to a counter under a mutex; main checks
 * the sum after joining them. Passes on every model: the mutex is the
 * spinlock with fences of lsl_lock. */
#include <pthread.h>
#include <assert.h>

int counter;
pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

void *add(void *arg)
{
    int step = *(int *)arg;
    pthread_mutex_lock(&lock);
    counter = counter + step;
    pthread_mutex_unlock(&lock);
    return 0;
}

int main(void)
{
    static int one = 1, two = 2;
    pthread_t a, b;
    counter = 10;
    pthread_create(&a, 0, add, &one);
    pthread_create(&b, 0, add, &two);
    pthread_join(a, 0);
    pthread_join(b, 0);
    assert(counter == 13);
    return 0;
}
