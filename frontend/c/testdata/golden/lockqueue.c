/* A two-lock-free queue guarded by one spinlock (lsl_lock). */
#include <checkfence.h>
#include <stdlib.h>

typedef struct node {
    struct node *next;
    int value;
} node_t;

typedef struct queue {
    node_t *head;
    node_t *tail;
    lsl_lock_t lock;
} queue_t;

queue_t queue;

void init_queue(queue_t *q)
{
    node_t *dummy = (node_t *) malloc(sizeof(node_t));
    dummy->next = NULL;
    q->head = q->tail = dummy;
    lsl_initlock(&q->lock);
}

void enqueue(queue_t *q, int value)
{
    node_t *node = malloc(sizeof(node_t));
    node->value = value;
    node->next = NULL;
    lsl_lock(&q->lock);
    q->tail->next = node;
    q->tail = node;
    lsl_unlock(&q->lock);
}

boolean_t dequeue(queue_t *q, int *pvalue)
{
    node_t *node, *new_head;
    lsl_lock(&q->lock);
    node = q->head;
    new_head = node->next;
    if (new_head == NULL) {
        lsl_unlock(&q->lock);
        return false;
    }
    *pvalue = new_head->value;
    q->head = new_head;
    lsl_unlock(&q->lock);
    free(node);
    return true;
}

void i(void) { init_queue(&queue); }

void e(void)
{
    int v = lsl_nondet(0, 1);
    lsl_observe_label("enqueue");
    lsl_observe_input("value", v);
    enqueue(&queue, v);
}

void d(void)
{
    int v;
    boolean_t ok;
    lsl_observe_label("dequeue");
    ok = dequeue(&queue, &v);
    lsl_observe_output("ok", ok);
    if (ok)
        lsl_observe_output("value", v);
}
