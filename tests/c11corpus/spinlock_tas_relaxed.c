#include <stdatomic.h>
#include <pthread.h>
#include <assert.h>

atomic_int lock;
int shared;

static void acquire(void)
{
	while (atomic_exchange_explicit(&lock, 1, memory_order_relaxed))
		;
}

static void release(void)
{
	atomic_store_explicit(&lock, 0, memory_order_relaxed);
}

void *worker(void *arg)
{
	acquire();
	shared++;
	release();
	return NULL;
}

int main(void)
{
	pthread_t a, b;
	pthread_create(&a, NULL, worker, NULL);
	pthread_create(&b, NULL, worker, NULL);
	pthread_join(a, NULL);
	pthread_join(b, NULL);
	assert(shared == 2);
	return 0;
}
