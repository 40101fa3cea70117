#include <assert.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
	assert(argc >= 1);
	assert(argv[argc] == NULL);
	int *p = malloc(2 * sizeof(int));
	p[0] = argc;
	p[1] = 2;
	assert(p[0] + p[1] == 3);
	free(p);
	exit(0);
}
