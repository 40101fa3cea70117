/* msn.c without its fences: the nonblocking queue as published, for
 * sequentially consistent memory. It passes the tests on sc and fails them
 * on relaxed (expected.csv). Apart from this comment it is msn.c with every
 * lsl_fence line removed (tests/datatypes_test.go checks that). */
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
    while (1) {
        tail = queue.tail;
        next = tail->next;
        if (tail == queue.tail) {
            if (next == 0) {
                if (lsl_cas_ptr(&tail->next, next, node))
                    break;
            } else {
                lsl_cas_ptr(&queue.tail, tail, next); /* help the tail on */
            }
        }
    }
    lsl_cas_ptr(&queue.tail, tail, node);
}

boolean_t dequeue(int *pvalue)
{
    node_t *head, *tail, *next;
    while (1) {
        head = queue.head;
        tail = queue.tail;
        next = head->next;
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
