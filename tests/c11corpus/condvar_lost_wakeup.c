#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
int ready;

void *signaller(void *arg)
{
	ready = 1; /* without the mutex, and before anyone waits */
	pthread_cond_signal(&cv);
	return NULL;
}

void *waiter(void *arg)
{
	pthread_mutex_lock(&m);
	pthread_cond_wait(&cv, &m); /* waits without checking ready */
	pthread_mutex_unlock(&m);
	return NULL;
}

int main(void)
{
	pthread_t a, b;
	pthread_create(&a, NULL, signaller, NULL);
	pthread_create(&b, NULL, waiter, NULL);
	pthread_join(a, NULL);
	pthread_join(b, NULL);
	return 0;
}
