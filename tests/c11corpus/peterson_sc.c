#include <stdatomic.h>
#include <pthread.h>
#include <assert.h>

atomic_int flag0, flag1, turn;
int in_cs;

void *p0(void *arg)
{
	atomic_store(&flag0, 1);
	atomic_store(&turn, 1);
	while (atomic_load(&flag1) == 1 && atomic_load(&turn) == 1)
		;
	in_cs++;
	assert(in_cs == 1);
	in_cs--;
	atomic_store(&flag0, 0);
	return NULL;
}

void *p1(void *arg)
{
	atomic_store(&flag1, 1);
	atomic_store(&turn, 0);
	while (atomic_load(&flag0) == 1 && atomic_load(&turn) == 0)
		;
	in_cs++;
	assert(in_cs == 1);
	in_cs--;
	atomic_store(&flag1, 0);
	return NULL;
}

int main(void)
{
	pthread_t a, b;
	pthread_create(&a, NULL, p0, NULL);
	pthread_create(&b, NULL, p1, NULL);
	pthread_join(a, NULL);
	pthread_join(b, NULL);
	return 0;
}
