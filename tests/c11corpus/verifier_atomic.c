#include <pthread.h>
#include <assert.h>

extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);

int count;

void __VERIFIER_atomic_inc(void)
{
	count++;
}

void *t1(void *arg)
{
	__VERIFIER_atomic_inc();
	return NULL;
}

void *t2(void *arg)
{
	__VERIFIER_atomic_begin();
	count++;
	__VERIFIER_atomic_end();
	return NULL;
}

int main(void)
{
	pthread_t a, b;
	pthread_create(&a, NULL, t1, NULL);
	pthread_create(&b, NULL, t2, NULL);
	pthread_join(a, NULL);
	pthread_join(b, NULL);
	assert(count == 2);
	return 0;
}
