/* The lsl_protos.h API. */
#include <lsl_protos.h>
#include <assert.h>

typedef struct item {
    int key;
    lsl_lock_t lock;
    struct item *next;
} item_t;

item_t *top;
lsl_lock_t biglock;

void push(int key)
{
    item_t *it = lsl_malloc_noreuse(sizeof(item_t));
    it->key = key;
    lsl_initlock(&it->lock);
    item_t *t;
    do {
        t = top;
        it->next = t;
        lsl_fence("store-store");
    } while (!lsl_cas_ptr(&top, t, it));
}

void op(void)
{
    int k = lsl_nondet(0, 2);
    lsl_observe_label("op");
    lsl_observe_input("k", k);
    lsl_lock(&biglock);
    if (lsl_choose())
        push(k);
    lsl_unlock(&biglock);
    lsl_assume(k != 1);
    assert(k != 3);
    lsl_observe_output("id", lsl_get_thread_id() + lsl_get_number_threads());
}

item_t *owner(lsl_lock_t *l)
{
    return lsl_get_struct_pointer(item_t, lock, l);
}
