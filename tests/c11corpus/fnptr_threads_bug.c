#include <pthread.h>
#include <assert.h>

int a_ran, b_ran;

void *task_a(void *arg)
{
	a_ran = 1;
	return NULL;
}

void *task_b(void *arg)
{
	b_ran = 1;
	return NULL;
}

void *(*tasks[2])(void *) = {task_a, task_a};

int main(void)
{
	pthread_t t[2];
	for (int i = 0; i < 2; i++)
		pthread_create(&t[i], NULL, tasks[i], NULL);
	for (int i = 0; i < 2; i++)
		pthread_join(t[i], NULL);
	assert(a_ran && b_ran);
	return 0;
}
