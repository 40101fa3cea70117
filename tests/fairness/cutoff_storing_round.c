/* A storing round deleted from a cut-off execution inside its own loop.
 * t1's first round sees F == 2, stores X = 1 and changes nothing else; the
 * second sees F == 3 and counts c up; the third sees F == 3 and leaves, and
 * the assertion reads X == 1 and fails (sequentially consistent). At loop
 * bound 2 that execution is cut off before its third round; deleting the
 * first round (unread so far) from it leaves an execution that fits bound
 * 2 and passes, so until 2026-11-23 the lazy unrolling stopped at bound 2
 * and said PASS, the simulation too (it judged rounds the same way). A
 * cycle that stores is now deleted from a cut-off execution only when its
 * thread is not cut off after it inside the same loop instance
 * (docs/semantics.md, "Fair progress"). */
#include "lsl_protos.h"

int X, F;

void t1(void)
{
    int c = 0;
    while (1) {
        int f = F;
        if (f == 2) {
            X = 1; /* read only after the loop */
            continue;
        }
        if (c == 0 && f == 3) {
            c = 1;
            continue;
        }
        break;
    }
    lsl_assert(X == 0);
}

void t2(void)
{
    F = 2;
    F = 3;
}
