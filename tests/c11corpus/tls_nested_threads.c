#include <pthread.h>
#include <assert.h>

_Thread_local int depth;

void *leaf(void *arg)
{
	depth = 2;
	return NULL;
}

void *middle(void *arg)
{
	pthread_t t;
	depth = 1;
	pthread_create(&t, NULL, leaf, NULL);
	pthread_join(t, NULL);
	assert(depth == 1);
	return NULL;
}

int main(void)
{
	pthread_t t;
	pthread_create(&t, NULL, middle, NULL);
	pthread_join(t, NULL);
	assert(depth == 0);
	return 0;
}
