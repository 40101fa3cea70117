#include <stdatomic.h>
#include <pthread.h>
#include <assert.h>
int data;
atomic_int flag;

void *t0(void *arg)
{
	data = 42;
	atomic_thread_fence(memory_order_release);
	atomic_store_explicit(&flag, 1, memory_order_relaxed);
	return NULL;
}

void *t1(void *arg)
{
	if (atomic_load_explicit(&flag, memory_order_relaxed) == 1) {
		atomic_thread_fence(memory_order_acquire);
		assert(data == 42);
	}
	return NULL;
}

int main(void)
{
	pthread_t h0, h1;
	pthread_create(&h0, NULL, t0, NULL);
	pthread_create(&h1, NULL, t1, NULL);
	pthread_join(h0, NULL);
	pthread_join(h1, NULL);
	
	return 0;
}
