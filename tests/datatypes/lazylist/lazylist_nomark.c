/* lazylist.c with the bug the dissertation found (§8.2): the published
 * pseudocode of add does not initialize the marked field of the new node.
 * Memory from the allocator is undefined, so contains, or the validation
 * of another add or remove, reads an undefined marked field: a runtime
 * error on every test that adds a key and then looks at it, on sc as on
 * relaxed. Apart from this comment it is lazylist.c without the line
 * "node->marked = false;" in add. */
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
            lsl_fence("data-dependent-loads"); /* curr before curr->key */
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
                node->next = curr;
                lsl_fence("store-store"); /* initialize the node before linking it */
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
            lsl_fence("data-dependent-loads"); /* curr before curr->key */
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
        lsl_fence("data-dependent-loads"); /* curr before curr->key, curr->marked */
    }
    return curr->key == key && !curr->marked;
}
