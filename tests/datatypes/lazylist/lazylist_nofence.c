/* lazylist.c without its fences: the lazy list-based set as published, for
 * sequentially consistent memory. It passes the tests on sc and fails them
 * on relaxed (expected.csv). Apart from this comment it is lazylist.c with every
 * lsl_fence line removed (tests/datatypes_test.go checks that). */
#include <lsl_protos.h>

#define KEY_MIN (-1)
#define KEY_MAX 2

typedef struct node {
    int key;
    struct node *next;
    boolean_t marked;
    lsl_lock_t lock;
} node_t;

node_t *head; /* sentinel with KEY_MIN; the tail sentinel has KEY_MAX */

static node_t *new_node(int key)
{
    node_t *node = lsl_malloc_noreuse(sizeof(node_t));
    node->key = key;
    lsl_initlock(&node->lock);
    return node;
}

void init_set(void)
{
    node_t *tail = new_node(KEY_MAX);
    tail->marked = false;
    tail->next = 0;
    head = new_node(KEY_MIN);
    head->marked = false;
    head->next = tail;
}

/* Both nodes are locked: are they still in the list and adjacent? */
static boolean_t validate(node_t *pred, node_t *curr)
{
    return !pred->marked && !curr->marked && pred->next == curr;
}

boolean_t add(int key, boolean_t retry)
{
    node_t *pred, *curr, *node;
    boolean_t result;
    while (1) {
        pred = head;
        while (1) {
            curr = pred->next;
            if (curr->key >= key)
                break;
            pred = curr;
        }
        lsl_lock(&pred->lock);
        lsl_lock(&curr->lock);
        if (validate(pred, curr)) {
            if (curr->key == key) {
                result = false;
            } else {
                node = new_node(key);
                node->marked = false;
                node->next = curr;
                pred->next = node;
                result = true;
            }
            lsl_unlock(&curr->lock);
            lsl_unlock(&pred->lock);
            return result;
        }
        lsl_unlock(&curr->lock);
        lsl_unlock(&pred->lock);
        lsl_assume(retry);
    }
}

boolean_t remove(int key, boolean_t retry)
{
    node_t *pred, *curr;
    boolean_t result;
    while (1) {
        pred = head;
        while (1) {
            curr = pred->next;
            if (curr->key >= key)
                break;
            pred = curr;
        }
        lsl_lock(&pred->lock);
        lsl_lock(&curr->lock);
        if (validate(pred, curr)) {
            if (curr->key != key) {
                result = false;
            } else {
                curr->marked = true; /* the logical removal */
                pred->next = curr->next;
                result = true;
            }
            lsl_unlock(&curr->lock);
            lsl_unlock(&pred->lock);
            return result;
        }
        lsl_unlock(&curr->lock);
        lsl_unlock(&pred->lock);
        lsl_assume(retry);
    }
}

boolean_t contains(int key)
{
    node_t *curr = head;
    while (curr->key < key) {
        curr = curr->next;
    }
    return curr->key == key && !curr->marked;
}
