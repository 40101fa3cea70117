#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *t(void *arg)
{
	pthread_mutex_unlock(&m);
	return NULL;
}

int main(void)
{
	pthread_t a;
	pthread_create(&a, NULL, t, NULL);
	pthread_join(a, NULL);
	return 0;
}
