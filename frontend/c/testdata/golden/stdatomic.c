/* <stdatomic.h>: each function, plain accesses of atomic objects, fences. */
#include <stdatomic.h>
int data;
atomic_int flag;
struct node { struct node *next; int v; };
_Atomic(struct node *) top;
_Atomic int counter;

void producer(void) {
    data = 42;
    atomic_store_explicit(&flag, 1, memory_order_release);
}
void consumer(void) {
    int r = -1;
    if (atomic_load_explicit(&flag, memory_order_acquire) == 1)
        r = data;
    lsl_observe_output("r", r);
}
void other(void) {
    struct node *n = atomic_load(&top);
    int e = 0;
    atomic_compare_exchange_strong(&flag, &e, 2);
    atomic_fetch_add_explicit(&counter, 2, memory_order_relaxed);
    counter++;
    flag = 3;
    int z = flag;
    atomic_thread_fence(memory_order_seq_cst);
}
void more(void) {
    int e = 1;
    atomic_compare_exchange_weak_explicit(&flag, &e, 5, memory_order_acq_rel, memory_order_acquire);
    atomic_exchange_explicit(&flag, 4, memory_order_acquire);
    atomic_fetch_or(&flag, 8);
    atomic_init(&flag, 0);
    atomic_thread_fence(memory_order_acquire);
    atomic_thread_fence(memory_order_release);
    atomic_thread_fence(memory_order_relaxed);
    atomic_signal_fence(memory_order_seq_cst);
    counter -= 2;
    --counter;
    top = 0;
}
