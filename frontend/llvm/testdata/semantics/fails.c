/* A wrong assertion FAILs. */
#include <assert.h>

int g = 1;

void t(void)
{
    int x = g + 1;
    assert(x == 3);
}
