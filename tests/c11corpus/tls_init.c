#include <pthread.h>
#include <assert.h>

static _Thread_local int id = -1;
static _Thread_local int buf[2] = {7, 8};
int seen[2];

void *worker(void *arg)
{
	long me = (long)arg;
	assert(id == -1 && buf[1] == 8);
	id = (int)me;
	buf[0] = (int)me;
	seen[me] = id + buf[0];
	return NULL;
}

int main(void)
{
	pthread_t t[2];
	for (long i = 0; i < 2; i++)
		pthread_create(&t[i], NULL, worker, (void *)i);
	for (int i = 0; i < 2; i++)
		pthread_join(t[i], NULL);
	assert(seen[0] == 0 && seen[1] == 2);
	assert(id == -1 && buf[0] == 7);
	return 0;
}
