/* A counter incremented with a CAS retry loop: the most common lock-free
 * pattern. Every increment must count, on every model. Without fair
 * progress the retry loop never converged on relaxed and rmo, where a
 * retry may re-read a stale value forever (issue 11). */
#include "lsl_protos.h"

unsigned counter;

void inc(void)
{
    unsigned old;
    do {
        old = counter;
    } while (!lsl_cas_32(&counter, old, old + 1));
    lsl_observe_label("inc");
    lsl_observe_output("old", old);
}

void get(void)
{
    lsl_observe_label("get");
    lsl_observe_output("value", counter);
}
