#include <stdatomic.h>
#include <pthread.h>
#include <assert.h>

struct ticketlock {
	atomic_uint next;
	atomic_uint owner;
};

struct ticketlock tl;
int counter;

void tl_lock(struct ticketlock *l)
{
	unsigned me = atomic_fetch_add_explicit(&l->next, 1, memory_order_relaxed);
	while (atomic_load_explicit(&l->owner, memory_order_acquire) != me)
		;
}

void tl_unlock(struct ticketlock *l)
{
	unsigned o = atomic_load_explicit(&l->owner, memory_order_relaxed);
	atomic_store_explicit(&l->owner, o + 1, memory_order_release);
}

void *run(void *arg)
{
	tl_lock(&tl);
	counter++;
	tl_unlock(&tl);
	return NULL;
}

int main(void)
{
	pthread_t t[2];
	for (int i = 0; i < 2; i++)
		pthread_create(&t[i], NULL, run, NULL);
	for (int i = 0; i < 2; i++)
		pthread_join(t[i], NULL);
	assert(counter == 2);
	return 0;
}
