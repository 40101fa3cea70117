/* cascounter.c with a count of the retries that nothing reads: the count
 * changes in every round, so before faint registers (docs/semantics.md,
 * "Faint registers") no failed round was redundant and the loop never
 * converged; the unroller now deletes the count's assignments. */
#include "lsl_protos.h"

unsigned counter;

void inc(void)
{
    unsigned old;
    int tries = 0;
    do {
        old = counter;
        tries++;
    } while (!lsl_cas_32(&counter, old, old + 1));
    lsl_observe_label("inc");
    lsl_observe_output("old", old);
}

void get(void)
{
    lsl_observe_label("get");
    lsl_observe_output("value", counter);
}
