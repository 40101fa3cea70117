#include <pthread.h>

pthread_mutex_t m;
int n;

void *worker(void *arg)
{
	pthread_mutex_lock(&m);
	n++;
	pthread_mutex_unlock(&m);
	return NULL;
}

int main(void)
{
	pthread_t t;
	pthread_mutex_init(&m, NULL);
	pthread_create(&t, NULL, worker, NULL);
	pthread_join(t, NULL);
	pthread_mutex_destroy(&m);
	pthread_mutex_init(&m, NULL);
	pthread_mutex_lock(&m);
	pthread_mutex_unlock(&m);
	return 0;
}
