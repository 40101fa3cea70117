#include <pthread.h>
#include <assert.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int got, done;

void *t(void *arg)
{
	if (pthread_mutex_trylock(&m) == 0) {
		got++;
		pthread_mutex_unlock(&m);
	}
	return NULL;
}

int main(void)
{
	pthread_t a, b;
	pthread_create(&a, NULL, t, NULL);
	pthread_create(&b, NULL, t, NULL);
	pthread_join(a, NULL);
	pthread_join(b, NULL);
	assert(got >= 1 && got <= 2);
	return 0;
}
