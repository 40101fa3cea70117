#include <stdatomic.h>
#include <pthread.h>
#include <assert.h>
atomic_int owner;
int wins;

void *t0(void *arg)
{
	int e = 0;
	if (atomic_compare_exchange_strong(&owner, &e, 1))
		wins++;
	return NULL;
}

void *t1(void *arg)
{
	int e = 0;
	if (atomic_compare_exchange_strong(&owner, &e, 2))
		wins++;
	return NULL;
}

int main(void)
{
	pthread_t h0, h1;
	pthread_create(&h0, NULL, t0, NULL);
	pthread_create(&h1, NULL, t1, NULL);
	pthread_join(h0, NULL);
	pthread_join(h1, NULL);
	assert(wins == 1);
	return 0;
}
