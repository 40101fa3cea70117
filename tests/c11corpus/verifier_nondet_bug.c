#include <pthread.h>
#include <assert.h>

extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
extern void reach_error(void);

int x;

void *t(void *arg)
{
	int v = __VERIFIER_nondet_int();
	__VERIFIER_assume(v > 0 && v < 3);
	x = v;
	return NULL;
}

int main(void)
{
	pthread_t h;
	pthread_create(&h, NULL, t, NULL);
	pthread_join(h, NULL);
	if (x == 2)
		reach_error();
	return 0;
}
