/* An index past a global array through a pointer into it. */
#include <lsl_protos.h>

int a[4];

void op(void)
{
	int *p = &a[2];
	p[1] = 1;
	p[2] = 2;
}
