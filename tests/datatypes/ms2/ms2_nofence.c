/* ms2.c without its fences: the two-lock queue as published, for
 * sequentially consistent memory. It passes the tests on sc and fails them
 * on relaxed (expected.csv). Apart from this comment it is ms2.c with every
 * lsl_fence line removed (tests/datatypes_test.go checks that). */
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
    *pvalue = new_head->value;
    queue.head = new_head;
    lsl_unlock(&queue.head_lock);
    lsl_free(node);
    return true;
}
