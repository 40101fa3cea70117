/* Michael and Scott's queue (tests/datatypes/msn/msn.c) with every fence
 * removed: on the relaxed model the nodes can be linked before they are
 * initialized, and both front ends must find it. */
#include <lsl_protos.h>

typedef struct node {
    struct node *next;
    int value;
} node_t;

typedef struct queue {
    node_t *head; /* the dummy node; the first value is in head->next */
    node_t *tail; /* the last node, or (briefly) the one before it */
} queue_t;

queue_t queue;

void init_queue(void)
{
    node_t *dummy = lsl_malloc_noreuse(sizeof(node_t));
    dummy->next = 0;
    queue.head = dummy;
    queue.tail = dummy;
}

void enqueue(int value)
{
    node_t *node, *tail, *next;
    node = lsl_malloc_noreuse(sizeof(node_t));
    node->value = value;
    node->next = 0;
    /* the node is complete before another thread can reach it */
    /* fence removed */
    while (1) {
        tail = queue.tail;
        /* tail->next must not be read before tail itself */
        /* fence removed */
        next = tail->next;
        /* next and the second read of queue.tail form a consistent
         * snapshot only if they are read in this order */
        /* fence removed */
        if (tail == queue.tail) {
            if (next == 0) {
                if (lsl_cas_ptr(&tail->next, next, node))
                    break;
            } else {
                /* tail lags behind: help move it on */
                lsl_cas_ptr(&queue.tail, tail, next);
            }
        }
    }
    /* the node is linked before the tail points to it */
    /* fence removed */
    lsl_cas_ptr(&queue.tail, tail, node);
}

boolean_t dequeue(int *pvalue)
{
    node_t *head, *tail, *next;
    while (1) {
        head = queue.head;
        /* head, tail, head->next and head again are a snapshot only if
         * read in this order */
        /* fence removed */
        tail = queue.tail;
        /* fence removed */
        next = head->next;
        /* fence removed */
        if (head == queue.head) {
            if (head == tail) {
                if (next == 0)
                    return false;
                /* tail lags behind: help move it on */
                lsl_cas_ptr(&queue.tail, tail, next);
            } else {
                /* read the value before the CAS: afterwards another
                 * dequeue may free next */
                *pvalue = next->value;
                if (lsl_cas_ptr(&queue.head, head, next))
                    break;
            }
        }
    }
    lsl_free_noreuse(head);
    return true;
}
