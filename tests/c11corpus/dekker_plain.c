#include <pthread.h>
#include <assert.h>

volatile int want0, want1;
int critical;

void *t0(void *arg)
{
	want0 = 1;
	if (!want1) {
		critical++;
		assert(critical == 1);
		critical--;
	}
	return NULL;
}

void *t1(void *arg)
{
	want1 = 1;
	if (!want0) {
		critical++;
		assert(critical == 1);
		critical--;
	}
	return NULL;
}

int main(void)
{
	pthread_t a, b;
	pthread_create(&a, NULL, t0, NULL);
	pthread_create(&b, NULL, t1, NULL);
	pthread_join(a, NULL);
	pthread_join(b, NULL);
	return 0;
}
