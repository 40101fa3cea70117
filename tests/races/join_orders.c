/* Thread creation and join synchronise: main writes the data before
 * pthread_create, the thread updates it, main reads it after
 * pthread_join. Race free. */
#include <pthread.h>
#include <assert.h>

int data;

static void *worker(void *arg)
{
    data = data + 1;
    return 0;
}

int main(void)
{
    pthread_t t;
    data = 41;
    pthread_create(&t, 0, worker, 0);
    pthread_join(t, 0);
    assert(data == 42);
    return 0;
}
