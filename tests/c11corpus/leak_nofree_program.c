#include <pthread.h>
#include <stdlib.h>
#include <assert.h>

/* never frees: its memory goes with the process (no leak check by default) */
int *cell;

void *worker(void *arg)
{
	int *p = malloc(sizeof(int));
	*p = 3;
	cell = p;
	return NULL;
}

int main(void)
{
	pthread_t t;
	pthread_create(&t, NULL, worker, NULL);
	pthread_join(t, NULL);
	assert(*cell == 3);
	return 0;
}
