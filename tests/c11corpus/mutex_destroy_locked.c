#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

int main(void)
{
	pthread_mutex_lock(&m);
	pthread_mutex_destroy(&m);
	return 0;
}
