#include <pthread.h>
#include <stdlib.h>

int *keep;

void *worker(void *arg)
{
	int *a = malloc(sizeof(int));
	int *b = malloc(sizeof(int));
	*a = *b = 0;
	free(a);
	keep = b; /* never freed */
	return NULL;
}

int main(void)
{
	pthread_t t;
	pthread_create(&t, NULL, worker, NULL);
	pthread_join(t, NULL);
	return 0;
}
