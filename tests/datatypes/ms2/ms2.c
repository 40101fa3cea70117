/* Michael and Scott's two-lock queue ("Simple, Fast, and Practical
 * Non-Blocking and Blocking Concurrent Queue Algorithms", PODC 1996,
 * Fig. 2), with the fences the relaxed model needs (README.md says why
 * each one is there and which test fails without it).
 *
 * The queue is a linked list that starts with a dummy node. Enqueuers
 * serialize on tail_lock, dequeuers on head_lock; the two sides meet only
 * at the next pointer of the last node, which a dequeuer reads without
 * holding tail_lock. Dequeued nodes are freed and may be reused
 * (lsl_malloc/lsl_free): the locks make reuse safe. */
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
    lsl_fence("store-store"); /* initialize the node before linking it */
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
    lsl_fence("data-dependent-loads"); /* node->next before new_head->value */
    *pvalue = new_head->value;
    queue.head = new_head;
    lsl_unlock(&queue.head_lock);
    lsl_free(node);
    return true;
}
