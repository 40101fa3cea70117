#include <pthread.h>
#include <stdlib.h>
#include <assert.h>

int A[4] = {1, 2, 3, 4};

void *worker(void *arg)
{
	int *end = &A[4];
	int sum = 0;
	for (int *p = A; p != end; p++)
		sum += *p;
	assert(sum == 10);
	return NULL;
}

int main(void)
{
	pthread_t t;
	pthread_create(&t, NULL, worker, NULL);
	pthread_join(t, NULL);
	return 0;
}
