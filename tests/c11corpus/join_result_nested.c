#include <pthread.h>
#include <assert.h>

void *square(void *arg)
{
	long v = (long)arg;
	return (void *)(v * v);
}

void *sum(void *arg)
{
	pthread_t a, b;
	void *ra, *rb;
	pthread_create(&a, NULL, square, (void *)3L);
	pthread_create(&b, NULL, square, (void *)4L);
	pthread_join(a, &ra);
	pthread_join(b, &rb);
	return (void *)((long)ra + (long)rb);
}

int main(void)
{
	pthread_t t;
	void *r;
	pthread_create(&t, NULL, sum, NULL);
	pthread_join(t, &r);
	assert((long)r == 25);
	return 0;
}
