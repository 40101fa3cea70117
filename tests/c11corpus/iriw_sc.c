#include <stdatomic.h>
#include <pthread.h>
#include <assert.h>
atomic_int x, y;
int a, b, c, d;

void *t0(void *arg)
{
	atomic_store(&x, 1);
	return NULL;
}

void *t1(void *arg)
{
	atomic_store(&y, 1);
	return NULL;
}

void *t2(void *arg)
{
	a = atomic_load(&x);
	b = atomic_load(&y);
	return NULL;
}

void *t3(void *arg)
{
	c = atomic_load(&y);
	d = atomic_load(&x);
	return NULL;
}

int main(void)
{
	pthread_t h0, h1, h2, h3;
	pthread_create(&h0, NULL, t0, NULL);
	pthread_create(&h1, NULL, t1, NULL);
	pthread_create(&h2, NULL, t2, NULL);
	pthread_create(&h3, NULL, t3, NULL);
	pthread_join(h0, NULL);
	pthread_join(h1, NULL);
	pthread_join(h2, NULL);
	pthread_join(h3, NULL);
	assert(!(a == 1 && b == 0 && c == 1 && d == 0));
	return 0;
}
