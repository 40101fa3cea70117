/* Store buffering with relaxed (or seq_cst) flags; each side writes z
 * only when it missed the other's flag: both do (a race) only in a
 * store-buffering execution. */
#include <stdatomic.h>

atomic_int x, y;
int z;

void left_rlx(void)
{
    atomic_store_explicit(&x, 1, memory_order_relaxed);
    if (atomic_load_explicit(&y, memory_order_relaxed) == 0)
        z = 1;
}

void right_rlx(void)
{
    atomic_store_explicit(&y, 1, memory_order_relaxed);
    if (atomic_load_explicit(&x, memory_order_relaxed) == 0)
        z = 2;
}

void left_sc(void)
{
    x = 1; /* a plain write of an atomic object: seq_cst */
    if (y == 0)
        z = 1;
}

void right_sc(void)
{
    atomic_store(&y, 1);
    if (atomic_load(&x) == 0)
        z = 2;
}
