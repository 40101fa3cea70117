#include <pthread.h>
#include <assert.h>

#define N 3
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int count;

void *inc(void *arg)
{
	pthread_mutex_lock(&m);
	count = count + 1;
	pthread_mutex_unlock(&m);
	return NULL;
}

int main(void)
{
	pthread_t t[N];
	for (int i = 0; i < N; i++)
		pthread_create(&t[i], NULL, inc, NULL);
	for (int i = 0; i < N; i++)
		pthread_join(t[i], NULL);
	assert(count == N);
	return 0;
}
