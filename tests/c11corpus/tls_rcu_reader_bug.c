#include <stdatomic.h>
#include <pthread.h>
#include <assert.h>

/* a per-thread nesting counter, as in user-space RCU readers */
_Thread_local int nesting;
atomic_int readers;
int data = 1;

void read_lock(void)
{
	if (nesting++ == 0)
		atomic_fetch_add(&readers, 1);
}

void read_unlock(void)
{
	if (--nesting == 0)
		atomic_fetch_sub(&readers, 1);
}

void *reader(void *arg)
{
	read_lock();
	read_lock();
	int v = data;
	read_unlock();
	assert(nesting == 2);
	read_unlock();
	assert(v == 1 || v == 2);
	return NULL;
}

void *updater(void *arg)
{
	while (atomic_load(&readers) != 0)
		;
	data = 2;
	return NULL;
}

int main(void)
{
	pthread_t r1, r2, u;
	pthread_create(&r1, NULL, reader, NULL);
	pthread_create(&r2, NULL, reader, NULL);
	pthread_create(&u, NULL, updater, NULL);
	pthread_join(r1, NULL);
	pthread_join(r2, NULL);
	pthread_join(u, NULL);
	assert(atomic_load(&readers) == 0 && nesting == 0);
	return 0;
}
