#include <pthread.h>
#include <assert.h>

pthread_barrier_t bar;
int a, b;

void *t1(void *arg)
{
	a = 1;
	pthread_barrier_wait(&bar);
	assert(b == 1);
	return NULL;
}

void *t2(void *arg)
{
	b = 1;
	pthread_barrier_wait(&bar);
	assert(a == 1);
	return NULL;
}

int main(void)
{
	pthread_t x, y;
	pthread_barrier_init(&bar, NULL, 2);
	pthread_create(&x, NULL, t1, NULL);
	pthread_create(&y, NULL, t2, NULL);
	pthread_join(x, NULL);
	pthread_join(y, NULL);
	pthread_barrier_destroy(&bar);
	pthread_barrier_wait(&bar);
	return 0;
}
