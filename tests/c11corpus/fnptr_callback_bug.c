#include <assert.h>
#include <stddef.h>

typedef int (*binop)(int, int);

int add(int a, int b) { return a + b; }
int mul(int a, int b) { return a * b; }

int fold(binop f, int init, const int *xs, int n)
{
	int acc = init;
	for (int i = 0; i < n; i++)
		acc = f(acc, xs[i]);
	return acc;
}

int main(void)
{
	int xs[3] = {1, 2, 3};
	assert(fold(add, 0, xs, 3) == 6);
	assert(fold(add, 1, xs, 3) == 6);
	binop none = NULL;
	assert(none == NULL);
	return 0;
}
