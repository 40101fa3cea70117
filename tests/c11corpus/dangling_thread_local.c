#include <pthread.h>
#include <assert.h>

int *escaped;

void *worker(void *arg)
{
	int mine = 1;
	escaped = &mine;
	return NULL;
}

int main(void)
{
	pthread_t t;
	pthread_create(&t, NULL, worker, NULL);
	pthread_join(t, NULL);
	*escaped = 2;
	return 0;
}
