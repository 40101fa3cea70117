/* (wrong) A thread-local counter in a data type checked with a .tst file: each
 * operation's thread has its own copy (both front ends). */
#include <lsl_protos.h>

static _Thread_local int depth = 10;
int total;

static void enter(void) { depth++; }
static void leave(void) { depth--; }

void op(void)
{
	enter();
	enter();
	lsl_assert(depth == 12);
	leave();
	leave();
	lsl_cas_32((unsigned *)&total, 0, 1);
}

void check(void)
{
	lsl_assert(depth == 8); /* wrong: the threads did not touch this copy */
}
