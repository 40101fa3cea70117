#include <pthread.h>
#include <stdlib.h>
#include <assert.h>


void *worker(void *arg)
{
	void *raw = malloc(4 * sizeof(int));
	int *m = raw;
	int i = 2;
	int *b = &m[i];
	*b = 7;
	b = m + 1;
	*b = 1;
	assert(m[1] + m[2] == 8);
	free(raw);
	return NULL;
}

int main(void)
{
	pthread_t t;
	pthread_create(&t, NULL, worker, NULL);
	pthread_join(t, NULL);
	return 0;
}
