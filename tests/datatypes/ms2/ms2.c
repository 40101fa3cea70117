/* Michael and Scott's two-lock queue (PODC 1996, Fig. 2), with the fences
 * the relaxed model needs. Enqueuers synchronize on tail_lock, dequeuers
 * on head_lock; the two meet only at the dummy node's next pointer, which
 * is why that hand-over needs fences although everything else is under a
 * lock. Dequeued nodes are freed and may be reused (lsl_malloc/lsl_free):
 * the locks make reuse safe. */
#include <lsl_protos.h>

typedef struct node {
    struct node *next;
    int value;
} node_t;

typedef struct queue {
    node_t *head; /* the dummy node; the first value is in head->next */
    node_t *tail; /* the last node */
    lsl_lock_t head_lock;
    lsl_lock_t tail_lock;
} queue_t;

queue_t queue;

void init_queue(void)
{
    node_t *dummy = lsl_malloc(sizeof(node_t));
    dummy->next = 0;
    queue.head = dummy;
    queue.tail = dummy;
    lsl_initlock(&queue.head_lock);
    lsl_initlock(&queue.tail_lock);
}

void enqueue(int value)
{
    node_t *node = lsl_malloc(sizeof(node_t));
    node->value = value;
    node->next = 0;
    lsl_lock(&queue.tail_lock);
    /* a dequeuer, which does not hold tail_lock, may see the node as soon
     * as it is linked: its fields must be written first */
    lsl_fence("store-store");
    queue.tail->next = node;
    queue.tail = node;
    lsl_unlock(&queue.tail_lock);
}

boolean_t dequeue(int *pvalue)
{
    node_t *node, *new_head;
    lsl_lock(&queue.head_lock);
    node = queue.head;
    new_head = node->next;
    if (new_head == 0) {
        lsl_unlock(&queue.head_lock);
        return false;
    }
    /* new_head was linked by an enqueuer without our lock: read its value
     * only after reading the pointer to it */
    lsl_fence("data-dependent-loads");
    *pvalue = new_head->value;
    queue.head = new_head;
    lsl_unlock(&queue.head_lock);
    lsl_free(node);
    return true;
}
