/* Message passing with every atomic relaxed: the reader may see the flag
 * and not the data. Published fix: a release store of the flag and an
 * acquire load of it (C11 standard, 5.1.2.4; Boehm and Adve, PLDI 2008). */
#include <stdatomic.h>
#include <pthread.h>
#include <assert.h>

atomic_int data, flag;

void *writer(void *arg)
{
    atomic_store_explicit(&data, 1, memory_order_relaxed);
    atomic_store_explicit(&flag, 1, memory_order_relaxed);
    return NULL;
}

void *reader(void *arg)
{
    if (atomic_load_explicit(&flag, memory_order_relaxed) == 1)
        assert(atomic_load_explicit(&data, memory_order_relaxed) == 1);
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
