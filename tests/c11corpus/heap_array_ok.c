#include <pthread.h>
#include <stdlib.h>
#include <assert.h>


void *worker(void *arg)
{
	int n = 4;
	int *m = malloc(n * sizeof(int));
	for (int i = 0; i < n; i++) {
		int *b = &m[i];
		*b = i;
	}
	assert(m[3] == 3);
	free(m);
	return NULL;
}

int main(void)
{
	pthread_t t;
	pthread_create(&t, NULL, worker, NULL);
	pthread_join(t, NULL);
	return 0;
}
