#include <pthread.h>
#include <stdatomic.h>
#include <assert.h>

#define WORKERS 2
atomic_int done;

void *worker(void *arg)
{
	int d = atomic_load(&done);
	atomic_store(&done, d + 1);
	return NULL;
}

void *spawner(void *arg)
{
	pthread_t t[WORKERS];
	for (int i = 0; i < WORKERS; i++)
		pthread_create(&t[i], NULL, worker, NULL);
	for (int i = 0; i < WORKERS; i++)
		pthread_join(t[i], NULL);
	assert(atomic_load(&done) == WORKERS);
	return NULL;
}

int main(void)
{
	pthread_t s;
	pthread_create(&s, NULL, spawner, NULL);
	pthread_join(s, NULL);
	return 0;
}
