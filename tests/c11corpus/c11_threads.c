#include <threads.h>
#include <stdatomic.h>
#include <assert.h>

atomic_int hits;
mtx_t m;
int guarded;

int worker(void *arg)
{
	atomic_fetch_add(&hits, 1);
	mtx_lock(&m);
	guarded++;
	mtx_unlock(&m);
	return 0;
}

int main(void)
{
	thrd_t a, b;
	mtx_init(&m, mtx_plain);
	thrd_create(&a, worker, NULL);
	thrd_create(&b, worker, NULL);
	thrd_join(a, NULL);
	thrd_join(b, NULL);
	assert(atomic_load(&hits) == 2 && guarded == 2);
	return 0;
}
