#include <pthread.h>
#include <stdlib.h>
#include <assert.h>


void *worker(void *arg)
{
	int loc[3] = {0, 1, 2};
	int k = 3;
	int v = loc[k];
	(void)v;
	return NULL;
}

int main(void)
{
	pthread_t t;
	pthread_create(&t, NULL, worker, NULL);
	pthread_join(t, NULL);
	return 0;
}
