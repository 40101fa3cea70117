#include <threads.h>
#include <assert.h>

int value;

int inner(void *arg)
{
	value = 7;
	return 0;
}

int outer(void *arg)
{
	thrd_t t;
	thrd_create(&t, inner, NULL);
	thrd_join(t, NULL);
	return value;
}

int main(void)
{
	thrd_t t;
	int r;
	thrd_create(&t, outer, NULL);
	thrd_join(t, &r);
	assert(r == 8);
	return 0;
}
