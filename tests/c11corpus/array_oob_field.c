#include <pthread.h>
#include <stdlib.h>
#include <assert.h>

struct { int vals[3]; int n; } S;

void *worker(void *arg)
{
	S.vals[2] = 1;
	int i = S.n + 3;
	S.vals[i] = 2;
	return NULL;
}

int main(void)
{
	pthread_t t;
	pthread_create(&t, NULL, worker, NULL);
	pthread_join(t, NULL);
	return 0;
}
