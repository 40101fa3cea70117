#include <pthread.h>
#include <stdatomic.h>
#include <assert.h>

struct ops {
	void (*inc)(atomic_int *);
	int (*get)(atomic_int *);
};

static void inc_rlx(atomic_int *c) { atomic_fetch_add_explicit(c, 1, memory_order_relaxed); }
static int get_acq(atomic_int *c) { return atomic_load_explicit(c, memory_order_acquire); }

struct ops counter_ops = {inc_rlx, get_acq};
atomic_int c;

void *t(void *arg)
{
	struct ops *o = arg;
	o->inc(&c);
	return NULL;
}

int main(void)
{
	pthread_t a, b;
	pthread_create(&a, NULL, t, &counter_ops);
	pthread_create(&b, NULL, t, &counter_ops);
	pthread_join(a, NULL);
	pthread_join(b, NULL);
	assert(counter_ops.get(&c) == 2);
	return 0;
}
