/* Load buffering: each thread writes the plain `data` only if it read 1
 * from the other's flag, which the other stores after its own write.
 * Both writes need each load to read a store that comes after the other
 * load: a cycle of program order and reads-from, which C11 (rc11)
 * forbids. Relaxed, rmo, arm8, power and riscv allow the loads to read
 * so, but the program has no race in C11, and checkfence reports none on
 * any model. */
#include <pthread.h>
#include <stdatomic.h>

atomic_int x, y;
int data;

static void *left(void *arg)
{
    if (atomic_load_explicit(&x, memory_order_relaxed) == 1)
        data = 1;
    atomic_store_explicit(&y, 1, memory_order_relaxed);
    return 0;
}

static void *right(void *arg)
{
    if (atomic_load_explicit(&y, memory_order_relaxed) == 1)
        data = 2;
    atomic_store_explicit(&x, 1, memory_order_relaxed);
    return 0;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, 0, left, 0);
    pthread_create(&b, 0, right, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return 0;
}
