#include <pthread.h>
#include <stdlib.h>
#include <assert.h>

int A[4];

void *worker(void *arg)
{
	int i = 7;
	A[i] = 1;
	return NULL;
}

int main(void)
{
	pthread_t t;
	pthread_create(&t, NULL, worker, NULL);
	pthread_join(t, NULL);
	return 0;
}
