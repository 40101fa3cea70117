#include <stdatomic.h>
#include <stdlib.h>
#include <pthread.h>
#include <assert.h>

struct node {
	int value;
	struct node *next;
};

_Atomic(struct node *) top;

void push(int v)
{
	struct node *n = malloc(sizeof(struct node));
	n->value = v;
	struct node *old = atomic_load_explicit(&top, memory_order_relaxed);
	do {
		n->next = old;
	} while (!atomic_compare_exchange_weak_explicit(&top, &old, n, memory_order_relaxed, memory_order_relaxed));
}

int pop(void)
{
	struct node *old = atomic_load_explicit(&top, memory_order_relaxed);
	while (old && !atomic_compare_exchange_weak_explicit(&top, &old, old->next, memory_order_relaxed, memory_order_relaxed))
		;
	return old ? old->value : -1;
}

void *pusher(void *arg)
{
	push(1);
	return NULL;
}

void *popper(void *arg)
{
	int v = pop();
	assert(v == -1 || v == 2 || v == 1);
	return NULL;
}

int main(void)
{
	pthread_t a, b;
	push(2);
	pthread_create(&a, NULL, pusher, NULL);
	pthread_create(&b, NULL, popper, NULL);
	pthread_join(a, NULL);
	pthread_join(b, NULL);
	return 0;
}
