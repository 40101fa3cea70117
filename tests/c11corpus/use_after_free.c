#include <pthread.h>
#include <stdlib.h>
#include <assert.h>


void *worker(void *arg)
{
	int *p = malloc(sizeof(int));
	*p = 1;
	free(p);
	assert(*p == 1);
	return NULL;
}

int main(void)
{
	pthread_t t;
	pthread_create(&t, NULL, worker, NULL);
	pthread_join(t, NULL);
	return 0;
}
