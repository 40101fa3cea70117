#include <stdalign.h>
#include <stdnoreturn.h>
#include <stdbool.h>
#include <stddef.h>
#include <ctype.h>
#include <time.h>
#include <unistd.h>
#include <string.h>
#include <sched.h>
#include <errno.h>
#include <stdatomic.h>
#include <pthread.h>
#include <assert.h>

struct pair {
	alignas(8) int a;
	int b;
};

struct pair p;
atomic_bool go;

void *worker(void *arg)
{
	struct timespec ts = {0, 100};
	while (!atomic_load(&go)) {
		nanosleep(&ts, NULL);
		sched_yield();
	}
	assert(p.a == 'A' && isupper(p.a) && !isdigit(p.b));
	return NULL;
}

int main(void)
{
	pthread_t t;
	struct pair q = {0, 0};
	pthread_create(&t, NULL, worker, NULL);
	q.a = tolower('A');
	q.b = 'z';
	memcpy(&p, &q, sizeof q);
	usleep(10);
	atomic_store(&go, true);
	pthread_join(t, NULL);
	assert(offsetof(struct pair, b) == 4 && EBUSY == 16);
	return 0;
}
