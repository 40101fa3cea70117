/* Threads that main detaches (pthread_detach, or the detached attribute)
 * and never joins: the program ends when main returns, as for a main that
 * joins none of its threads (frontend/llvm/pthread_detached.go). A
 * publisher sets data and then the flag; main reads the flag and then the
 * data. With RACY the publisher sets the flag first, and main can see the
 * flag without the data. ATTR starts the publisher detached by attribute
 * instead of by pthread_detach. */
#include <pthread.h>
#include <stdatomic.h>
#include <assert.h>

atomic_int flag;
int data;

void *publisher(void *a)
{
#ifdef RACY
    atomic_store(&flag, 1);
    data = 42;
#else
    data = 42;
    atomic_store(&flag, 1);
#endif
    return 0;
}

void *idler(void *a)
{
    while (atomic_load(&flag) == 0) /* may still wait when main returns */
        ;
    return 0;
}

int main(void)
{
    pthread_t p, q;
#ifdef ATTR
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    pthread_create(&p, &attr, publisher, 0);
    pthread_attr_destroy(&attr);
#else
    pthread_create(&p, 0, publisher, 0);
    pthread_detach(p);
#endif
    pthread_create(&q, 0, idler, 0);
    pthread_detach(q);
    if (atomic_load(&flag))
        assert(data == 42);
    return 0;
}
