#include <stdatomic.h>
#include <pthread.h>
#include <assert.h>

atomic_uint seq;
atomic_int d1, d2;

void *writer(void *arg)
{
	unsigned s = atomic_load_explicit(&seq, memory_order_relaxed);
	atomic_store_explicit(&seq, s + 1, memory_order_relaxed);
	atomic_thread_fence(memory_order_release);
	atomic_store_explicit(&d1, 1, memory_order_relaxed);
	atomic_store_explicit(&d2, 1, memory_order_relaxed);
	atomic_store_explicit(&seq, s + 2, memory_order_release);
	return NULL;
}

void *reader(void *arg)
{
	unsigned s0 = atomic_load_explicit(&seq, memory_order_acquire);
	int a = atomic_load_explicit(&d1, memory_order_relaxed);
	int b = atomic_load_explicit(&d2, memory_order_relaxed);
	atomic_thread_fence(memory_order_acquire);
	unsigned s1 = atomic_load_explicit(&seq, memory_order_relaxed);
	if (s0 == s1 && s0 % 2 == 0)
		assert(a == b);
	return NULL;
}

int main(void)
{
	pthread_t w, r;
	pthread_create(&w, NULL, writer, NULL);
	pthread_create(&r, NULL, reader, NULL);
	pthread_join(w, NULL);
	pthread_join(r, NULL);
	return 0;
}
