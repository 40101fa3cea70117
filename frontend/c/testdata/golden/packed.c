/* Packed words (dissertation 7.2.5): a marked pointer. */
#include <checkfence.h>

typedef struct node {
    int key;
    struct mp *unused;
} node_t;

typedef struct { node_t *ptr; boolean_t marked; } mpointer_t;

mpointer_t lsl_make_mpointer(node_t *ptr, boolean_t marked);
node_t *lsl_get_mpointer_ptr(mpointer_t m);
boolean_t lsl_get_mpointer_marked(mpointer_t m);
mpointer_t lsl_set_mpointer_marked(mpointer_t m, boolean_t marked)
{
    /* ignored: the front end substitutes set_mpointer_marked */
    return m;
}

mpointer_t head;
node_t first;

void init(void) { head = lsl_make_mpointer(&first, false); }

boolean_t mark(void)
{
    mpointer_t old = head;
    if (lsl_get_mpointer_marked(old))
        return false;
    return lsl_cas_64(&head, old, lsl_set_mpointer_marked(old, true));
}

int key(void) { return lsl_get_mpointer_ptr(head)->key; }
