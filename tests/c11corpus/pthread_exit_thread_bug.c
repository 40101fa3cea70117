#include <pthread.h>
#include <assert.h>

void *worker(void *arg)
{
	long v = (long)arg;
	if (v > 0)
		pthread_exit((void *)(v * 2));
	return (void *)-1L;
}

int main(void)
{
	pthread_t t;
	void *r;
	pthread_create(&t, NULL, worker, (void *)21L);
	pthread_join(t, &r);
	assert((long)r == 21);
	return 0;
}
