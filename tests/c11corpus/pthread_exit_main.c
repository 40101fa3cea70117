#include <pthread.h>
#include <assert.h>

int flag;

void *worker(void *arg)
{
	flag = 1;
	assert(flag == 1);
	return NULL;
}

int main(void)
{
	pthread_t t;
	pthread_create(&t, NULL, worker, NULL);
	pthread_exit(NULL); /* the program runs until the worker ends */
}
