/* A storing loop iteration that is redundant in a prefix but not in the
 * whole execution. t1's first iteration sees F == 2, stores X = 1 and
 * retries with nothing changed; the second sees F == 3 and (on sc, having
 * read F after t2 stored Y = 2) counts to Y before it leaves, then the
 * assertion reads X == 1 and fails. In the prefix that stops inside the
 * counting loop (its bound 1) nothing has read X yet, so the first iteration
 * looked like a cycle and the prefix was deleted; the bound was never raised
 * and sc said PASS. A cut-off execution lacks the loads after the cut: only
 * a cycle that stores nothing may be deleted from it (docs/semantics.md,
 * "Fair progress"). */
#include "lsl_protos.h"

int X, Y, F;

void t1(void)
{
    while (1) {
        int f = F;
        int y = Y;
        int i = 0;
        while (i < y)
            i++;
        if (f == 2) {
            X = 1; /* read only after the loop */
            continue;
        }
        break;
    }
    lsl_assert(X == 0);
}

void t2(void)
{
    F = 2;
    Y = 2;
    F = 3;
}
