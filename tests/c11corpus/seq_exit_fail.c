#include <stdlib.h>

int check(int v)
{
	return v > 2;
}

int main(void)
{
	if (!check(1))
		exit(1);
	return 0;
}
