/* msn.c with memory reuse: nodes come from lsl_malloc and go back with
 * lsl_free, but the pointers still carry no ABA counters (the publication
 * pairs every pointer with a modification counter for this reason). A
 * dequeue that read head, and then sleeps while the node is dequeued,
 * freed and enqueued again, succeeds with its CAS on a queue that has
 * changed (the ABA problem): test Ti2 fails, on sc and on relaxed. Apart
 * from this comment it is msn.c with lsl_malloc_noreuse and
 * lsl_free_noreuse replaced by lsl_malloc and lsl_free. */
#include <lsl_protos.h>

typedef struct node {
    struct node *next;
    int value;
} node_t;

typedef struct queue {
    node_t *head; /* the dummy node; the first value is in head->next */
    node_t *tail; /* the last node, or the one before it */
} queue_t;

queue_t queue;

void init_queue(void)
{
    node_t *dummy = lsl_malloc(sizeof(node_t));
    dummy->next = 0;
    queue.head = dummy;
    queue.tail = dummy;
}

void enqueue(int value)
{
    node_t *node, *tail, *next;
    node = lsl_malloc(sizeof(node_t));
    node->value = value;
    node->next = 0;
    lsl_fence("store-store"); /* initialize the node before linking it */
    while (1) {
        tail = queue.tail;
        lsl_fence("data-dependent-loads"); /* tail before tail->next */
        next = tail->next;
        lsl_fence("load-load"); /* tail->next before tail again */
        if (tail == queue.tail) {
            if (next == 0) {
                if (lsl_cas_ptr(&tail->next, next, node))
                    break;
            } else {
                lsl_cas_ptr(&queue.tail, tail, next); /* help the tail on */
            }
        }
    }
    lsl_fence("store-store"); /* link the node before swinging the tail */
    lsl_cas_ptr(&queue.tail, tail, node);
}

boolean_t dequeue(int *pvalue)
{
    node_t *head, *tail, *next;
    while (1) {
        head = queue.head;
        lsl_fence("load-load"); /* head before tail */
        tail = queue.tail;
        lsl_fence("load-load"); /* tail before head->next */
        next = head->next;
        lsl_fence("load-load"); /* head->next before head again */
        if (head == queue.head) {
            if (head == tail) {
                if (next == 0)
                    return false;
                lsl_cas_ptr(&queue.tail, tail, next); /* help the tail on */
            } else {
                /* read the value before the CAS: afterwards another
                 * dequeue may free next */
                *pvalue = next->value;
                if (lsl_cas_ptr(&queue.head, head, next))
                    break;
            }
        }
    }
    lsl_free(head);
    return true;
}
