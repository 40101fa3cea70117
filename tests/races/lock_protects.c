/* Both threads increment a plain counter under a mutex: the unlock of
 * one and the lock of the other order the increments. Race free. */
#include <pthread.h>
#include <assert.h>

pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
int counter;

static void *add(void *arg)
{
    pthread_mutex_lock(&lock);
    counter = counter + 1;
    pthread_mutex_unlock(&lock);
    return 0;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, 0, add, 0);
    pthread_create(&b, 0, add, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    assert(counter == 2);
    return 0;
}
