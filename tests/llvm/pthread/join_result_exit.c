/* A thread function that ends with pthread_exit on one path and a return
 * on the other; main checks both results through pthread_join. */
#include <pthread.h>
#include <assert.h>

int flag;

static void *worker(void *arg)
{
    if ((long)arg == 1)
        pthread_exit((void *)11);
    flag = 1; /* only the thread that does not exit writes it */
    return (void *)22;
}

int main(void)
{
    pthread_t a, b;
    void *ra, *rb;
    pthread_create(&a, 0, worker, (void *)1);
    pthread_create(&b, 0, worker, (void *)2);
    pthread_join(a, &ra);
    pthread_join(b, &rb);
    assert((long)ra == 11 && (long)rb == 22);
    assert(flag == 1);
    return 0;
}
