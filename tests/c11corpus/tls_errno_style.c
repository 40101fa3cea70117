#include <pthread.h>
#include <assert.h>

static _Thread_local int my_errno;

int try_op(int x)
{
	if (x < 0) {
		my_errno = 22;
		return -1;
	}
	my_errno = 0;
	return x;
}

void *t(void *arg)
{
	int r = try_op((int)(long)arg);
	if (r < 0)
		assert(my_errno == 22);
	else
		assert(my_errno == 0);
	return NULL;
}

int main(void)
{
	pthread_t a, b;
	pthread_create(&a, NULL, t, (void *)-1L);
	pthread_create(&b, NULL, t, (void *)3L);
	pthread_join(a, NULL);
	pthread_join(b, NULL);
	return 0;
}
