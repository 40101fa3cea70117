#include <pthread.h>
#include <assert.h>

void *worker(void *arg)
{
	int *slot = arg;
	*slot += 1;
	return NULL;
}

int run(void)
{
	int value = 1;
	pthread_t t;
	pthread_create(&t, NULL, worker, &value);
	pthread_join(t, NULL);
	return value;
}

int main(void)
{
	assert(run() == 2);
	return 0;
}
