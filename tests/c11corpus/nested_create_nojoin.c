#include <pthread.h>
#include <assert.h>

int x;

void *child(void *arg)
{
	x = 1;
	return NULL;
}

void *parent(void *arg)
{
	pthread_t c;
	pthread_create(&c, NULL, child, NULL);
	assert(x == 1); /* before the join */
	pthread_join(c, NULL);
	return NULL;
}

int main(void)
{
	pthread_t p;
	pthread_create(&p, NULL, parent, NULL);
	pthread_join(p, NULL);
	return 0;
}
