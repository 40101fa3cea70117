/* A Treiber stack of preallocated nodes: push and pop with
 * compare_exchange_weak loops on an _Atomic(struct node *) top; the
 * nodes' fields are plain, published by the release CAS of push and
 * read after the acquire load of pop. pop_rlx reads top relaxed, so its
 * read of n->value races with push's write. */
#include <stdatomic.h>
#include <stddef.h>
#include <lsl_protos.h>

struct node { struct node *next; int value; };

struct node nodes[2];
_Atomic(struct node *) top;

void push(int i, int v)
{
    struct node *n = &nodes[i];
    n->value = v;
    struct node *t = atomic_load_explicit(&top, memory_order_relaxed);
    do {
        n->next = t;
    } while (!atomic_compare_exchange_weak_explicit(&top, &t, n,
                 memory_order_release, memory_order_relaxed));
}

int pop_with(memory_order o)
{
    struct node *t = atomic_load_explicit(&top, memory_order_acquire);
    while (t != NULL) {
        struct node *next = t->next;
        if (atomic_compare_exchange_weak_explicit(&top, &t, next,
                memory_order_acquire, memory_order_acquire))
            return t->value;
    }
    return -1;
}

void push0(void) { push(0, 10); }
void push1(void) { push(1, 11); }
void pop(void) { lsl_observe_output("v", pop_with(memory_order_acquire)); }

void pop_rlx(void)
{
    int v = -1;
    struct node *t = atomic_load_explicit(&top, memory_order_relaxed);
    if (t != NULL)
        v = t->value;
    lsl_observe_output("v", v);
}
