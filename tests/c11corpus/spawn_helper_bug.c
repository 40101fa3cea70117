#include <pthread.h>
#include <assert.h>

#define N 2
pthread_t threads[N];
int slots[N];

void *fill(void *arg)
{
	int *slot = arg;
	*slot = 1;
	return NULL;
}

void start_all(void)
{
	for (int i = 0; i < N; i++)
		pthread_create(&threads[i], NULL, fill, &slots[i]);
}

void wait_all(void)
{
	for (int i = 0; i < N; i++)
		pthread_join(threads[i], NULL);
}

int main(void)
{
	start_all();
	assert(slots[0] == 1);
	wait_all();
	for (int i = 0; i < N; i++)
		assert(slots[i] == 1);
	return 0;
}
