/* A spin loop whose condition never becomes false deadlocks. */
#include <stdatomic.h>

atomic_int flag;

void t(void)
{
    while (atomic_load(&flag) == 0)
        ;
}
