/* A two-lock queue whose dequeuer reads head->next, which the enqueuer
 * writes under the other lock: a data race, so on relaxed the dequeuer may
 * see the new node before its value. */
#include <pthread.h>
#include <stdlib.h>
#include <assert.h>

typedef struct node {
	int v;
	struct node *next;
} node_t;

typedef struct {
	node_t *head, *tail;
	pthread_mutex_t hl, tl;
} queue_t;

queue_t q;

void q_init(queue_t *q)
{
	node_t *dummy = malloc(sizeof *dummy);
	dummy->next = NULL;
	q->head = q->tail = dummy;
	pthread_mutex_init(&q->hl, NULL);
	pthread_mutex_init(&q->tl, NULL);
}

void q_enq(queue_t *q, int v)
{
	node_t *n = malloc(sizeof *n);
	n->v = v;
	n->next = NULL;
	pthread_mutex_lock(&q->tl);
	q->tail->next = n;
	q->tail = n;
	pthread_mutex_unlock(&q->tl);
}

int q_deq(queue_t *q, int *v)
{
	pthread_mutex_lock(&q->hl);
	node_t *h = q->head, *n = h->next;
	if (!n) {
		pthread_mutex_unlock(&q->hl);
		return 0;
	}
	*v = n->v;
	q->head = n;
	pthread_mutex_unlock(&q->hl);
	return 1;
}

void *enq(void *arg)
{
	q_enq(&q, 1);
	return NULL;
}

void *deq(void *arg)
{
	int v;
	if (q_deq(&q, &v))
		assert(v == 1);
	return NULL;
}

int main(void)
{
	q_init(&q);
	pthread_t a, b;
	pthread_create(&a, NULL, enq, NULL);
	pthread_create(&b, NULL, deq, NULL);
	pthread_join(a, NULL);
	pthread_join(b, NULL);
	return 0;
}
