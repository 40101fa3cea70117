/* An intrusive lock-free stack: the stack links struct link members, and
 * pop goes back to the item that holds one with container_of (offsetof
 * arithmetic, which clang writes as a byte offset back from the member).
 * Two threads push an item each; main pops both and checks their values.
 * The container's pointer was another field of it before 2026-11-25. */
#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <assert.h>

struct link { struct link *next; };
struct item { int value; struct link link; int pushed; };

#define container_of(p, T, m) ((T *)((char *)(p) - offsetof(T, m)))

_Atomic(struct link *) top;
struct item items[2];

static void push(struct link *l)
{
    struct link *old = atomic_load_explicit(&top, memory_order_relaxed);
    do {
        l->next = old;
    } while (!atomic_compare_exchange_weak_explicit(&top, &old, l,
                 memory_order_release, memory_order_relaxed));
}

void *pusher(void *arg)
{
    struct item *it = &items[(long)arg];
    it->value = 10 + (int)(long)arg;
    it->pushed = 1;
    push(&it->link);
    return 0;
}

int main(void)
{
    pthread_t t[2];
    for (long i = 0; i < 2; i++)
        pthread_create(&t[i], 0, pusher, (void *)i);
    for (int i = 0; i < 2; i++)
        pthread_join(t[i], 0);
    int sum = 0;
    for (int i = 0; i < 2; i++) {
        struct link *l = atomic_load_explicit(&top, memory_order_acquire);
        assert(l != 0);
        struct item *it = container_of(l, struct item, link);
        assert(it->pushed == 1);
        sum += it->value;
        atomic_store_explicit(&top, l->next, memory_order_relaxed);
    }
    assert(sum == 21);
    return 0;
}
