#include <pthread.h>
#include <stdlib.h>
#include <assert.h>


void *worker(void *arg)
{
	int *p = malloc(2 * sizeof(int));
	p[0] = p[1] = 0;
	int i = 2;
	int v = p[i];
	assert(v == 0);
	return NULL;
}

int main(void)
{
	pthread_t t;
	pthread_create(&t, NULL, worker, NULL);
	pthread_join(t, NULL);
	return 0;
}
