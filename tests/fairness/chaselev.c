/* The Chase-Lev work-stealing deque (SPAA 2005), fixed capacity: the owner
 * pushes and takes at the bottom, thieves steal at the top with a CAS.
 * Steal retries while its CAS fails. Without its fences (CHASELEV_FENCES
 * undefined) take and steal can both return the last element on tso and
 * weaker models: take's store of bottom must be ordered before its load
 * of top (store-load), which is exactly what tso relaxes. On relaxed the
 * loads of top also need ordering (load-load), since relaxed lets two loads
 * of one address reorder. */
#include "lsl_protos.h"

#define SIZE 4
#define EMPTY 0

#ifdef CHASELEV_FENCES
#define FENCE(kind) lsl_fence(kind)
#else
#define FENCE(kind)
#endif

int buf[SIZE];
int top;
int bottom;

static void push(int v)
{
    int b = bottom;
    buf[b % SIZE] = v;
    FENCE("store-store");
    bottom = b + 1;
}

static int take(void)
{
    int b = bottom - 1;
    int t, v;
    bottom = b;
    FENCE("store-load");
    t = top;
    FENCE("load-load");
    if (t > b) {
        bottom = b + 1;
        return EMPTY;
    }
    v = buf[b % SIZE];
    if (t == b) {
        if (!lsl_cas_32(&top, t, t + 1))
            v = EMPTY;
        bottom = b + 1;
    }
    return v;
}

static int steal(void)
{
    int t, b, v;
    for (;;) {
        t = top;
        FENCE("load-load");
        b = bottom;
        if (t >= b)
            return EMPTY;
        FENCE("load-load");
        v = buf[t % SIZE];
        FENCE("load-store");
        if (lsl_cas_32(&top, t, t + 1))
            return v;
    }
}

void push1(void) { push(1); }
void push2(void) { push(2); }

void take_op(void)
{
    lsl_observe_label("take");
    lsl_observe_output("v", take());
}

void steal_op(void)
{
    lsl_observe_label("steal");
    lsl_observe_output("v", steal());
}
