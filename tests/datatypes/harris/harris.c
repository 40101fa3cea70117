/* Harris's nonblocking linked-list set ("A Pragmatic Implementation of
 * Non-Blocking Linked-Lists", DISC 2001), with the fences the relaxed model
 * needs (README.md says why each one is there and which test fails
 * without it).
 *
 * The set is a sorted linked list between two sentinel nodes. A node is
 * removed in two steps: a CAS marks its next pointer (the logical
 * removal), then a CAS on its predecessor unlinks it. search finds two
 * adjacent nodes left < key <= right, unlinking marked nodes it finds
 * between them. The marked pointer is a packed word (dissertation §7.2.5):
 * a pointer and a mark bit, read, written and compared as one value.
 *
 * Keys are the numbers KEY_MIN < key < KEY_MAX (the tests use 0 and 1).
 * Nodes are never freed (the algorithm assumes garbage collection).
 *
 * The retry argument is false for the restricted operations of
 * dissertation Fig. 8.2 (test S1): every retry loop runs once, and
 * executions that would retry are discarded. */
#include <lsl_protos.h>

#define KEY_MIN (-1)
#define KEY_MAX 2

typedef struct node node_t;

typedef struct {
    node_t *ptr;
    boolean_t marked;
} mptr_t;

mptr_t lsl_make_mptr(node_t *ptr, boolean_t marked);
node_t *lsl_get_mptr_ptr(mptr_t m);
boolean_t lsl_get_mptr_marked(mptr_t m);
mptr_t lsl_set_mptr_marked(mptr_t m, boolean_t marked);

struct node {
    int key;
    mptr_t next;
};

node_t *head, *tail; /* sentinels with KEY_MIN and KEY_MAX */

void init_set(void)
{
    tail = lsl_malloc_noreuse(sizeof(node_t));
    tail->key = KEY_MAX;
    tail->next = lsl_make_mptr(0, false);
    head = lsl_malloc_noreuse(sizeof(node_t));
    head->key = KEY_MIN;
    head->next = lsl_make_mptr(tail, false);
}

/* Returns right and sets *left_out to left, where left and right were
 * adjacent and unmarked at some point during the call, and
 * left->key < key <= right->key. */
static node_t *search(int key, node_t **left_out, boolean_t retry)
{
    node_t *left = 0, *right, *t;
    mptr_t left_next, t_next;
    while (1) {
        lsl_fence("aliased-loads"); /* a retry sees what the failed CAS saw */
        /* 1: find left and right */
        t = head;
        t_next = head->next;
        do {
            if (!lsl_get_mptr_marked(t_next)) {
                left = t;
                left_next = t_next;
            }
            t = lsl_get_mptr_ptr(t_next);
            if (t == tail)
                break;
            lsl_fence("data-dependent-loads"); /* t before t->next, t->key */
            t_next = t->next;
        } while (lsl_get_mptr_marked(t_next) || t->key < key);
        right = t;
        /* 2: if they are adjacent, done (unless right was just marked) */
        if (lsl_get_mptr_ptr(left_next) == right) {
            if (right == tail || !lsl_get_mptr_marked(right->next)) {
                *left_out = left;
                return right;
            }
        } else {
            /* 3: unlink the marked nodes between left and right */
            lsl_fence("load-store"); /* read right before publishing it */
            if (lsl_cas_64(&left->next, left_next, lsl_make_mptr(right, false))) {
                if (right == tail || !lsl_get_mptr_marked(right->next)) {
                    *left_out = left;
                    return right;
                }
            }
        }
        lsl_assume(retry);
    }
}

boolean_t add(int key, boolean_t retry)
{
    node_t *node, *right, *left;
    node = lsl_malloc_noreuse(sizeof(node_t));
    node->key = key;
    while (1) {
        right = search(key, &left, retry);
        lsl_fence("load-load"); /* the loads that found left before left->next */
        if (right != tail && right->key == key)
            return false;
        node->next = lsl_make_mptr(right, false);
        lsl_fence("store-store"); /* initialize the node before linking it */
        if (lsl_cas_64(&left->next, lsl_make_mptr(right, false), lsl_make_mptr(node, false)))
            return true;
        lsl_assume(retry);
    }
}

boolean_t remove(int key, boolean_t retry)
{
    node_t *right, *left;
    mptr_t right_next;
    while (1) {
        right = search(key, &left, retry);
        lsl_fence("load-load"); /* the loads that found left before left->next */
        if (right == tail || right->key != key)
            return false;
        right_next = right->next;
        if (!lsl_get_mptr_marked(right_next))
            if (lsl_cas_64(&right->next, right_next, lsl_set_mptr_marked(right_next, true)))
                break;
        lsl_assume(retry);
    }
    /* unlink it, or let search do that */
    lsl_fence("load-store"); /* read right_next before publishing it */
    if (!lsl_cas_64(&left->next, lsl_make_mptr(right, false), right_next))
        search(right->key, &left, retry);
    return true;
}

boolean_t contains(int key, boolean_t retry)
{
    node_t *right, *left;
    right = search(key, &left, retry);
    return right != tail && right->key == key;
}
