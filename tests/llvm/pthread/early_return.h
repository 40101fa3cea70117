/* main returns early after its joins: the return label of main's body
 * then wraps the thread operations (pthread_hoist.go), and main_final
 * ends at the return. A writer publishes data, then the flag; main
 * returns when the flag is unset and checks the data otherwise. The
 * including file defines WANT, the data main expects. */
#include <pthread.h>
#include <stdatomic.h>
#include <assert.h>

int data;
atomic_int flag;

void *writer(void *arg)
{
    data = 42;
    atomic_store_explicit(&flag, 1, memory_order_release);
    return 0;
}

int main(void)
{
    pthread_t w;
    pthread_create(&w, 0, writer, 0);
    pthread_join(w, 0);
    if (atomic_load_explicit(&flag, memory_order_acquire) == 0)
        return 1;
    assert(data == WANT);
    return 0;
}
