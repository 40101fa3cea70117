#include <stdatomic.h>
#include <pthread.h>
#include <assert.h>
atomic_int tok;
int a, b;

void *t0(void *arg)
{
	a = atomic_exchange(&tok, 1);
	return NULL;
}

void *t1(void *arg)
{
	b = atomic_exchange(&tok, 1);
	return NULL;
}

int main(void)
{
	pthread_t h0, h1;
	pthread_create(&h0, NULL, t0, NULL);
	pthread_create(&h1, NULL, t1, NULL);
	pthread_join(h0, NULL);
	pthread_join(h1, NULL);
	assert(!(a == 0 && b == 0));
	assert(a == 0 && b == 0);
	return 0;
}
