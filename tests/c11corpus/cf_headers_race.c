/* The C11 headers with the C front end; two racing increments. */
#include <inttypes.h>
#include <limits.h>
#include <ctype.h>
#include <stdalign.h>
#include <iso646.h>
#include <stdio.h>
#include <lsl_protos.h>

int32_t total;

void add(void)
{
	int c = toupper('q');
	if (isupper(c) and c < CHAR_MAX)
		total = total + 1;
	printf("%" PRId32 "\n", total);
}

void check(void)
{
	lsl_assert(total == 2 && INT32_MAX > 0);
}
