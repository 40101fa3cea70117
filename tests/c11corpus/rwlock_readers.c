#include <pthread.h>
#include <assert.h>

pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;
int value = 1;

void *reader(void *arg)
{
	pthread_rwlock_rdlock(&rw);
	int v = value;
	assert(v == 1 || v == 2);
	pthread_rwlock_unlock(&rw);
	return NULL;
}

void *writer(void *arg)
{
	pthread_rwlock_wrlock(&rw);
	value = 0;
	value = 2;
	pthread_rwlock_unlock(&rw);
	return NULL;
}

int main(void)
{
	pthread_t r1, r2, w;
	pthread_create(&r1, NULL, reader, NULL);
	pthread_create(&w, NULL, writer, NULL);
	pthread_create(&r2, NULL, reader, NULL);
	pthread_join(r1, NULL);
	pthread_join(w, NULL);
	pthread_join(r2, NULL);
	return 0;
}
