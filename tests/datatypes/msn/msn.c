/* Michael and Scott's nonblocking queue ("Simple, Fast, and Practical
 * Non-Blocking and Blocking Concurrent Queue Algorithms", PODC 1996,
 * Fig. 1), with the fences the relaxed model needs (README.md says why
 * each one is there and which test fails without it).
 *
 * The queue is a linked list that starts with a dummy node. enqueue links
 * a node after the last one with a CAS and then swings the tail to it;
 * dequeue swings the head to the next node with a CAS and returns that
 * node's value; both help a lagging tail along. As in the dissertation
 * (§8.1) the pointers carry no ABA counters: nodes come from
 * lsl_malloc_noreuse, which never returns the same address twice. */
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
    lsl_free_noreuse(head);
    return true;
}
