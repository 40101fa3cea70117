#include <pthread.h>
#include <stdlib.h>
#include <assert.h>


void *worker(void *arg)
{
	int *p = malloc(2 * sizeof(int));
	p[0] = 1;
	p[3] = 2;
	return NULL;
}

int main(void)
{
	pthread_t t;
	pthread_create(&t, NULL, worker, NULL);
	pthread_join(t, NULL);
	return 0;
}
