#include <stdatomic.h>
#include <pthread.h>
#include <assert.h>

__thread int slot;
int *_Atomic published;

void *owner(void *arg)
{
	slot = 5;
	atomic_store_explicit(&published, &slot, memory_order_release);
	while (slot != 6)
		;
	return NULL;
}

void *helper(void *arg)
{
	int *p;
	while (!(p = atomic_load_explicit(&published, memory_order_acquire)))
		;
	assert(*p == 5);
	*p = 6;
	assert(slot == 0);
	return NULL;
}

int main(void)
{
	pthread_t a, b;
	pthread_create(&a, NULL, owner, NULL);
	pthread_create(&b, NULL, helper, NULL);
	pthread_join(a, NULL);
	pthread_join(b, NULL);
	return 0;
}
