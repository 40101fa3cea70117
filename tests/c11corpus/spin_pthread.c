#include <pthread.h>
#include <assert.h>

pthread_spinlock_t s;
int n;

void *t(void *arg)
{
	pthread_spin_lock(&s);
	n++;
	pthread_spin_unlock(&s);
	return NULL;
}

int main(void)
{
	pthread_spin_init(&s, 0);
	pthread_t a, b;
	pthread_create(&a, NULL, t, NULL);
	pthread_create(&b, NULL, t, NULL);
	pthread_join(a, NULL);
	pthread_join(b, NULL);
	assert(n == 2);
	pthread_spin_destroy(&s);
	return 0;
}
