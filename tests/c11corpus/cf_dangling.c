/* A pointer to a local of a call that has returned. */
#include <lsl_protos.h>

int *saved;

static void keep(void)
{
	int local = 1;
	saved = &local;
	*saved = 2;
}

void op(void)
{
	keep();
	lsl_assert(*saved == 2);
}
