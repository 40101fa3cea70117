/* Sequential reference deque for --spec (dissertation §6.5): the same
 * operations as the deque implementation, as an array that grows in both
 * directions from its middle. It is only ever run serially, to mine the
 * observations a correct deque may produce. The retry arguments do not
 * matter here: a serial operation never needs to retry. */
#include <lsl_protos.h>

#define CAPACITY 16

int items[CAPACITY];
int lo, hi; /* the deque is items[lo .. hi-1], left to right */

void init_deque(void)
{
    lo = CAPACITY / 2;
    hi = CAPACITY / 2;
}

void push_left(int v, boolean_t retry)
{
    lsl_assert(lo > 0);
    lo = lo - 1;
    items[lo] = v;
}

void push_right(int v, boolean_t retry)
{
    lsl_assert(hi < CAPACITY);
    items[hi] = v;
    hi = hi + 1;
}

boolean_t pop_left(int *pv, boolean_t retry)
{
    if (lo == hi)
        return false;
    *pv = items[lo];
    lo = lo + 1;
    return true;
}

boolean_t pop_right(int *pv, boolean_t retry)
{
    if (lo == hi)
        return false;
    hi = hi - 1;
    *pv = items[hi];
    return true;
}

#include "harness.c"
