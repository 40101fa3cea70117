#include <stdatomic.h>
#include <pthread.h>
#include <assert.h>

#define SIZE 4
int buf[SIZE];
atomic_uint head, tail;

int enqueue(int v)
{
	unsigned t = atomic_load_explicit(&tail, memory_order_relaxed);
	if (t - atomic_load_explicit(&head, memory_order_acquire) == SIZE)
		return 0;
	buf[t % SIZE] = v;
	atomic_store_explicit(&tail, t + 1, memory_order_relaxed);
	return 1;
}

int dequeue(int *v)
{
	unsigned h = atomic_load_explicit(&head, memory_order_relaxed);
	if (atomic_load_explicit(&tail, memory_order_acquire) == h)
		return 0;
	*v = buf[h % SIZE];
	atomic_store_explicit(&head, h + 1, memory_order_release);
	return 1;
}

void *producer(void *arg)
{
	enqueue(10);
	enqueue(20);
	return NULL;
}

void *consumer(void *arg)
{
	int v, last = 0;
	for (int i = 0; i < 2; i++)
		if (dequeue(&v)) {
			assert(v > last);
			last = v;
		}
	return NULL;
}

int main(void)
{
	pthread_t p, c;
	pthread_create(&p, NULL, producer, NULL);
	pthread_create(&c, NULL, consumer, NULL);
	pthread_join(p, NULL);
	pthread_join(c, NULL);
	return 0;
}
