#include <stdatomic.h>
#include <pthread.h>
#include <assert.h>
atomic_int x, y;
int a, b, c;

void *t0(void *arg)
{
	atomic_store_explicit(&x, 1, memory_order_relaxed);
	return NULL;
}

void *t1(void *arg)
{
	a = atomic_load_explicit(&x, memory_order_acquire);
	atomic_store_explicit(&y, 1, memory_order_release);
	return NULL;
}

void *t2(void *arg)
{
	b = atomic_load_explicit(&y, memory_order_acquire);
	c = atomic_load_explicit(&x, memory_order_relaxed);
	return NULL;
}

int main(void)
{
	pthread_t h0, h1, h2;
	pthread_create(&h0, NULL, t0, NULL);
	pthread_create(&h1, NULL, t1, NULL);
	pthread_create(&h2, NULL, t2, NULL);
	pthread_join(h0, NULL);
	pthread_join(h1, NULL);
	pthread_join(h2, NULL);
	assert(!(a == 1 && b == 1 && c == 0));
	return 0;
}
