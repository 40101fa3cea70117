#include <assert.h>

int fib(int n)
{
	int a = 0, b = 1;
	for (int i = 0; i < n; i++) {
		int t = a + b;
		a = b;
		b = t;
	}
	return a;
}

int main(void)
{
	assert(fib(5) == 5);
	assert(fib(6) == 13);
	return 0;
}
