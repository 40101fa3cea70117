/* Sequential reference set for --spec (dissertation §6.5): the same
 * operations as the set implementation, as an array of flags indexed by
 * key. It is only ever run serially, to mine the observations a correct
 * set may produce. The retry arguments do not matter here: a serial
 * operation never needs to retry. */
#include <lsl_protos.h>

#define NKEYS 2 /* keys are 0 .. NKEYS-1 */

boolean_t present[NKEYS];

void init_set(void)
{
    for (int k = 0; k < NKEYS; k++)
        present[k] = false;
}

boolean_t add(int key, boolean_t retry)
{
    lsl_assert(0 <= key && key < NKEYS);
    if (present[key])
        return false;
    present[key] = true;
    return true;
}

boolean_t remove(int key, boolean_t retry)
{
    lsl_assert(0 <= key && key < NKEYS);
    if (!present[key])
        return false;
    present[key] = false;
    return true;
}

boolean_t contains(int key, boolean_t retry)
{
    lsl_assert(0 <= key && key < NKEYS);
    return present[key];
}

#include "harness.c"
