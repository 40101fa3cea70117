#include <pthread.h>
#include <assert.h>

_Thread_local int calls;

void count(void)
{
	calls++;
}

void *worker(void *arg)
{
	count();
	count();
	assert(calls == 2);
	return NULL;
}

int main(void)
{
	pthread_t a, b;
	pthread_create(&a, NULL, worker, NULL);
	pthread_create(&b, NULL, worker, NULL);
	count();
	pthread_join(a, NULL);
	pthread_join(b, NULL);
	assert(calls == 5); /* wrong: each thread has its own */
	return 0;
}
