#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *worker(void *arg)
{
	pthread_mutex_lock(&m); /* main holds it for ever */
	pthread_mutex_unlock(&m);
	return NULL;
}

int main(void)
{
	pthread_t t;
	pthread_mutex_lock(&m);
	pthread_create(&t, NULL, worker, NULL);
	pthread_exit(NULL);
}
