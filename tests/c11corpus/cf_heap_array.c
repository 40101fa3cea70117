/* Pointer arithmetic within an allocated array (the C front end and, with
 * --frontend clang, the LLVM front end). */
#include <lsl_protos.h>
#include <stdlib.h>

int *table;

void init(void)
{
	table = malloc(4 * sizeof(int));
	for (int i = 0; i < 4; i++)
		table[i] = 0;
}

void writer(void)
{
	int i = 2;
	int *b = &table[i];
	*b = 7;
	b = table + 1;
	*b = 3;
}

void check(void)
{
	void *raw = table;
	int *m = raw;
	lsl_assert(m[1] + m[2] == 10);
}
