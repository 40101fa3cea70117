#include <pthread.h>
#include <stdlib.h>
#include <assert.h>

struct rec {
	int key;
	int vals[2];
};

void *worker(void *arg)
{
	struct rec *r = malloc(2 * sizeof(struct rec));
	r[1].vals[1] = 3;
	r[2].vals[0] = 4;
	return NULL;
}

int main(void)
{
	pthread_t t;
	pthread_create(&t, NULL, worker, NULL);
	pthread_join(t, NULL);
	return 0;
}
