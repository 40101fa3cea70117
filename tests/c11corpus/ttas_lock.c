#include <stdatomic.h>
#include <stdbool.h>
#include <pthread.h>
#include <assert.h>

atomic_bool locked;
int x, y;

void lock(void)
{
	for (;;) {
		while (atomic_load_explicit(&locked, memory_order_relaxed))
			;
		if (!atomic_exchange_explicit(&locked, true, memory_order_acquire))
			return;
	}
}

void unlock(void)
{
	atomic_store_explicit(&locked, false, memory_order_release);
}

void *thread(void *arg)
{
	lock();
	x++;
	y = x;
	unlock();
	return NULL;
}

int main(void)
{
	pthread_t t1, t2;
	pthread_create(&t1, NULL, thread, NULL);
	pthread_create(&t2, NULL, thread, NULL);
	pthread_join(t1, NULL);
	pthread_join(t2, NULL);
	assert(x == 2 && y == 2);
	return 0;
}
