/* counter.c without the mutex: the two read-modify-writes can interleave
 * and lose an update, on every model (sequential consistency included). */
#include <pthread.h>
#include <assert.h>

int counter;

void *add(void *arg)
{
    counter = counter + 1;
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
