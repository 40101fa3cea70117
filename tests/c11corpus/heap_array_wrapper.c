#include <pthread.h>
#include <stdlib.h>
#include <assert.h>

static void *xmalloc(size_t n)
{
	void *p = malloc(n);
	if (!p)
		abort();
	return p;
}

void *worker(void *arg)
{
	int *m = xmalloc(3 * sizeof(int));
	int *end = m + 2;
	*end = 5;
	assert(m[2] == 5);
	assert(end - m == 2);
	return NULL;
}

int main(void)
{
	pthread_t t;
	pthread_create(&t, NULL, worker, NULL);
	pthread_join(t, NULL);
	return 0;
}
