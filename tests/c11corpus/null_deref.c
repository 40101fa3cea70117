#include <pthread.h>
#include <stdlib.h>
#include <assert.h>


void *worker(void *arg)
{
	int *p = NULL;
	if (arg == NULL)
		*p = 1;
	return NULL;
}

int main(void)
{
	pthread_t t;
	pthread_create(&t, NULL, worker, NULL);
	pthread_join(t, NULL);
	return 0;
}
