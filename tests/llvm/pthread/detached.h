/* main returns without joining its threads (frontend/llvm/pthread_detached.go):
 * a waiter spins on a flag, a worker stores x, and main reads x. Without
 * SET the flag is never set: the waiter waits until the program ends,
 * which is no deadlock, and its assertion is never reached. With SET
 * main sets the flag and the waiter reaches its failing assertion. */
#include <pthread.h>
#include <stdatomic.h>
#include <assert.h>

atomic_int flag, x;

void *waiter(void *a)
{
    while (atomic_load(&flag) == 0)
        ;
    assert(0);
    return 0;
}

void *worker(void *a)
{
    atomic_store(&x, 1);
    return 0;
}

int main(void)
{
    pthread_t w, v;
    pthread_create(&w, 0, waiter, 0);
    pthread_create(&v, 0, worker, 0);
#ifdef SET
    atomic_store(&flag, 1);
#endif
    int r = atomic_load(&x);
    assert(r == 0 || r == 1);
    return 0;
}
