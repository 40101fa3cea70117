/* A thread allocates an array in each of 12 rounds of a loop whose count
 * it reads from memory, and publishes each array; main checks the one it
 * sees. Regression: an array malloc was lowered as r := alloc; r :=
 * offset(r, 0), and the flow-insensitive range analysis then gave r
 * pointers with one more 0 per pass, up to the depth limit: the check
 * spent minutes in range analysis (and a cat model refused the address
 * set it gave up on). */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <assert.h>

_Atomic(int *) slot;
_Atomic int rounds;

static void *publisher(void *arg)
{
    int k = atomic_load_explicit(&rounds, memory_order_relaxed);
    for (int i = 0; i < k; i++) {
        int *b = malloc(2 * sizeof(int));
        b[0] = i + 1;
        atomic_store_explicit(&slot, b, memory_order_release);
    }
    return 0;
}

int main(void)
{
    pthread_t t;
    atomic_store_explicit(&rounds, 12, memory_order_relaxed);
    pthread_create(&t, 0, publisher, 0);
    int *p = atomic_load_explicit(&slot, memory_order_acquire);
    if (p)
        assert(p[0] >= 1 && p[0] <= 12);
    pthread_join(t, 0);
    return 0;
}
