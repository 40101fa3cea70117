/* p[3] of a block of two ints. */
#include <lsl_protos.h>
#include <stdlib.h>

int *pair;

void init(void)
{
	pair = malloc(2 * sizeof(int));
}

void writer(void)
{
	pair[0] = 1;
	pair[3] = 2;
}
