#include <pthread.h>
#include <assert.h>

pthread_t first;
int result;

void *producer(void *arg)
{
	result = 42;
	return NULL;
}

void *consumer(void *arg)
{
	pthread_join(first, NULL);
	assert(result == 42);
	return NULL;
}

int main(void)
{
	pthread_t second;
	pthread_create(&first, NULL, producer, NULL);
	pthread_create(&second, NULL, consumer, NULL);
	pthread_join(second, NULL);
	return 0;
}
