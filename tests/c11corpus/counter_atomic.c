#include <stdatomic.h>
#include <pthread.h>
#include <assert.h>
atomic_int counter;

void *t0(void *arg)
{
	atomic_fetch_add_explicit(&counter, 1, memory_order_relaxed);
	return NULL;
}

void *t1(void *arg)
{
	atomic_fetch_add_explicit(&counter, 1, memory_order_relaxed);
	return NULL;
}

int main(void)
{
	pthread_t h0, h1;
	pthread_create(&h0, NULL, t0, NULL);
	pthread_create(&h1, NULL, t1, NULL);
	pthread_join(h0, NULL);
	pthread_join(h1, NULL);
	assert(atomic_load(&counter) == 2);
	return 0;
}
