#include <stdatomic.h>
#include <pthread.h>
#include <assert.h>
int counter;

void *t0(void *arg)
{
	counter++;
	return NULL;
}

void *t1(void *arg)
{
	counter++;
	return NULL;
}

int main(void)
{
	pthread_t h0, h1;
	pthread_create(&h0, NULL, t0, NULL);
	pthread_create(&h1, NULL, t1, NULL);
	pthread_join(h0, NULL);
	pthread_join(h1, NULL);
	assert(counter == 2);
	return 0;
}
