#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <limits.h>
#include <pthread.h>
#include <assert.h>

uint32_t total;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *add(void *arg)
{
	uint32_t v = (uint32_t)(uintptr_t)arg;
	pthread_mutex_lock(&m);
	total += v;
	pthread_mutex_unlock(&m);
	printf("added %" PRIu32 "\n", v);
	return NULL;
}

int main(void)
{
	pthread_t a, b;
	pthread_create(&a, NULL, add, (void *)(uintptr_t)3);
	pthread_create(&b, NULL, add, (void *)(uintptr_t)4);
	pthread_join(a, NULL);
	pthread_join(b, NULL);
	assert(total == 7 && total < INT_MAX);
	printf("total %" PRId64 "\n", (int64_t)total);
	return 0;
}
