#include <stdatomic.h>
#include <pthread.h>
#include <assert.h>
atomic_int x, y;

void *t0(void *arg)
{
	atomic_store(&x, 1);
	atomic_store(&y, 2);
	return NULL;
}

void *t1(void *arg)
{
	atomic_store(&y, 1);
	atomic_store(&x, 2);
	return NULL;
}

int main(void)
{
	pthread_t h0, h1;
	pthread_create(&h0, NULL, t0, NULL);
	pthread_create(&h1, NULL, t1, NULL);
	pthread_join(h0, NULL);
	pthread_join(h1, NULL);
	assert(!(atomic_load(&x) == 1 && atomic_load(&y) == 1));
	return 0;
}
