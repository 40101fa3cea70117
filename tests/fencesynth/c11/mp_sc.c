/* Message passing with every atomic seq_cst: fences --relax proposes the
 * weakest orders that keep the test passing, in source order: the data
 * store and load relaxed, the flag store release, the flag load acquire. */
#include <stdatomic.h>
#include <pthread.h>
#include <assert.h>

atomic_int data, flag;

void *writer(void *arg)
{
    atomic_store_explicit(&data, 1, memory_order_seq_cst);
    atomic_store_explicit(&flag, 1, memory_order_seq_cst);
    return NULL;
}

void *reader(void *arg)
{
    if (atomic_load_explicit(&flag, memory_order_seq_cst) == 1)
        assert(atomic_load_explicit(&data, memory_order_seq_cst) == 1);
    return NULL;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, NULL, writer, NULL);
    pthread_create(&b, NULL, reader, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return 0;
}
