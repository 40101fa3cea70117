#include <pthread.h>
#include <stdlib.h>
#include <assert.h>

int A[4];

void *worker(void *arg)
{
	int *end = &A[4]; /* fine: one past the end */
	int *p = &A[2];
	p[2] = 1; /* A[4] */
	(void)end;
	return NULL;
}

int main(void)
{
	pthread_t t;
	pthread_create(&t, NULL, worker, NULL);
	pthread_join(t, NULL);
	return 0;
}
