/* The Chase-Lev work-stealing deque (Chase, Lev, "Dynamic Circular
 * Work-Stealing Deque", SPAA 2005) with a circular array of fixed size:
 * the owner pushes and takes at the bottom, thieves steal at the top with
 * a CAS and retry while it fails. Top and bottom grow without bound and
 * start at any lap here (start), so the slot buf[i % SIZE] an access
 * touches is one the range analysis cannot name: on a cat model its
 * address is compared with every location (docs/semantics.md, "Locations
 * of a cat model"). The deque reaches its array through a pointer, as in
 * the paper.
 *
 * The fences are those relaxed needs (the C11 version of Lê et al., PPoPP
 * 2013: a seq_cst fence in take and steal, a release store of bottom in
 * push, acquire loads in steal). CHASELEV_NOFENCE leaves them out. */
#include <lsl_protos.h>

#define SIZE 2
#define EMPTY (-1)

#ifdef CHASELEV_NOFENCE
#define FENCE(kind)
#else
#define FENCE(kind) lsl_fence(kind)
#endif

typedef struct deque {
    int top;
    int bottom;
    int *array;
} deque_t;

deque_t q;
int slots[SIZE];

void init_deque(void)
{
    int start = lsl_nondet(0, 200) * SIZE;
    q.top = start;
    q.bottom = start;
    q.array = slots;
}

void push(int v)
{
    int b = q.bottom;
    int *a = q.array;
    a[b % SIZE] = v;
    FENCE("store-store"); /* the element before the new bottom */
    q.bottom = b + 1;
}

int take(void)
{
    int b = q.bottom - 1;
    int *a = q.array;
    int t, v;
    q.bottom = b;
    FENCE("store-load"); /* claim the slot before reading top */
    t = q.top;
    FENCE("load-load");
    if (t > b) {
        q.bottom = b + 1; /* empty */
        return EMPTY;
    }
    v = a[b % SIZE];
    if (t == b) {
        /* the last element: race the thieves for it */
        if (!lsl_cas_32(&q.top, t, t + 1))
            v = EMPTY;
        q.bottom = b + 1;
    }
    return v;
}

int steal(void)
{
    int t, b, v;
    int *a;
    while (1) {
        t = q.top;
        FENCE("store-load"); /* top before bottom (seq_cst fence) */
        FENCE("load-load");
        b = q.bottom;
        if (t >= b)
            return EMPTY;
        FENCE("load-load"); /* bottom before the element */
        a = q.array;
        v = a[t % SIZE];
        FENCE("load-store"); /* the element before the claim */
        if (lsl_cas_32(&q.top, t, t + 1))
            return v;
    }
}

void i(void) { init_deque(); }

void p(void)
{
    int v = lsl_choose();
    lsl_observe_label("push");
    lsl_observe_input("v", v);
    push(v);
}

void t(void)
{
    lsl_observe_label("take");
    lsl_observe_output("v", take());
}

void s(void)
{
    lsl_observe_label("steal");
    lsl_observe_output("v", steal());
}
