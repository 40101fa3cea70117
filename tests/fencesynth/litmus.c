/* The classic litmus shapes as CheckFence operations, without fences:
 * each operation is one thread of the litmus test; what a reading thread
 * sees goes to globals that a final operation checks after the threads
 * (test X = ( a | b ) x_check). What the architecture manuals give
 * (docs/fences.md, "Litmus shapes"):
 *
 *   MP    store data; store flag  ||  load flag; load data
 *         a store barrier in the writer, a load barrier in the reader:
 *         arm8 DMB ISHST + DMB ISHLD, riscv fence rw,w + fence r,rw,
 *         power lwsync + lwsync
 *   SB    store x; load y  ||  store y; load x
 *         a full barrier on each side (DMB ISH, fence rw,rw, sync)
 *   LB    load x; store y  ||  load y; store x
 *         a load barrier on each side (DMB ISHLD, fence r,rw, lwsync)
 *   IRIW  store x || store y || load x; load y || load y; load x
 *         a barrier between the loads of each reader: on Power a sync
 *         (lwsync is not cumulative enough, Power is not multi-copy
 *         atomic); arm8 and riscv are other-multi-copy atomic, so a load
 *         barrier (DMB ISHLD, fence r,rw) */
#include "lsl_protos.h"

int x, y;
int r0, r1, r2, r3;

void mp_writer(void)
{
    x = 1;
    y = 1;
}

void mp_reader(void)
{
    r0 = y;
    r1 = x;
}

void mp_check(void)
{
    lsl_assert(!(r0 == 1 && r1 == 0));
}

void sb_left(void)
{
    x = 1;
    r0 = y;
}

void sb_right(void)
{
    y = 1;
    r1 = x;
}

void sb_check(void)
{
    lsl_assert(r0 == 1 || r1 == 1);
}

void lb_left(void)
{
    r0 = x;
    y = 1;
}

void lb_right(void)
{
    r1 = y;
    x = 1;
}

void lb_check(void)
{
    lsl_assert(!(r0 == 1 && r1 == 1));
}

void iriw_wx(void)
{
    x = 1;
}

void iriw_wy(void)
{
    y = 1;
}

void iriw_left(void)
{
    r0 = x;
    r1 = y;
}

void iriw_right(void)
{
    r2 = y;
    r3 = x;
}

void iriw_check(void)
{
    lsl_assert(!(r0 == 1 && r1 == 0 && r2 == 1 && r3 == 0));
}
