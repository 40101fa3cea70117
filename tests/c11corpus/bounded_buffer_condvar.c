#include <pthread.h>
#include <assert.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t nonempty = PTHREAD_COND_INITIALIZER;
int items, taken;

void *producer(void *arg)
{
	pthread_mutex_lock(&m);
	items++;
	pthread_cond_signal(&nonempty);
	pthread_mutex_unlock(&m);
	return NULL;
}

void *consumer(void *arg)
{
	pthread_mutex_lock(&m);
	while (items == 0)
		pthread_cond_wait(&nonempty, &m);
	items--;
	taken++;
	pthread_mutex_unlock(&m);
	return NULL;
}

int main(void)
{
	pthread_t p, c;
	pthread_create(&c, NULL, consumer, NULL);
	pthread_create(&p, NULL, producer, NULL);
	pthread_join(p, NULL);
	pthread_join(c, NULL);
	assert(taken == 1 && items == 0);
	return 0;
}
