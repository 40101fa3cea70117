#include <assert.h>

int *make(void)
{
	int local = 3;
	return &local;
}

int main(void)
{
	int *p = make();
	assert(*p == 3);
	return 0;
}
