/* Message passing with every atomic seq_cst and every kind of access: a
 * load, a store, a compare-and-swap and a fetch-and-add. --relax weakens
 * them (tests: synth.TestRelaxRewrite compares its rewriting with the
 * program compiled from the weakened source). */
#include <stdatomic.h>
#include <pthread.h>
#include <assert.h>

atomic_int data, flag, count;

void *writer(void *arg)
{
    atomic_store_explicit(&data, 1, memory_order_seq_cst);
    int zero = 0;
    atomic_compare_exchange_strong_explicit(&flag, &zero, 1, memory_order_seq_cst, memory_order_seq_cst);
    return NULL;
}

void *reader(void *arg)
{
    if (atomic_load_explicit(&flag, memory_order_seq_cst) == 1) {
        atomic_fetch_add_explicit(&count, 1, memory_order_seq_cst);
        assert(atomic_load_explicit(&data, memory_order_seq_cst) == 1);
    }
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
