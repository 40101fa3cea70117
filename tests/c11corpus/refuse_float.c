#include <assert.h>

double scale(double x) { return x * 2.5; }

int main(void)
{
	assert(scale(2) > 4);
	return 0;
}
