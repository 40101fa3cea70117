/* Test operations for a deque (dissertation Fig. 8.2): i initializes the
 * deque; al and ar push a nondeterministic 0 or 1 on the left or right
 * end, rl and rr pop from the left or right end. alp, arp, rlp, rrp are the
 * restricted ("primed") forms a'l, a'r, r'l, r'r: their retry loop runs
 * only once. */
#include <lsl_protos.h>

void init_deque(void);
void push_left(int v, boolean_t retry);
void push_right(int v, boolean_t retry);
boolean_t pop_left(int *pv, boolean_t retry);
boolean_t pop_right(int *pv, boolean_t retry);

void i(void)
{
    init_deque();
}

static void push(boolean_t left, boolean_t retry)
{
    int v = lsl_choose();
    if (left) {
        lsl_observe_label("push_left");
        lsl_observe_input("value", v);
        push_left(v, retry);
    } else {
        lsl_observe_label("push_right");
        lsl_observe_input("value", v);
        push_right(v, retry);
    }
}

static void pop(boolean_t left, boolean_t retry)
{
    int v;
    boolean_t ok;
    if (left) {
        lsl_observe_label("pop_left");
        ok = pop_left(&v, retry);
    } else {
        lsl_observe_label("pop_right");
        ok = pop_right(&v, retry);
    }
    lsl_observe_output("ok", ok);
    if (ok)
        lsl_observe_output("value", v);
}

void al(void) { push(true, true); }
void ar(void) { push(false, true); }
void rl(void) { pop(true, true); }
void rr(void) { pop(false, true); }
void alp(void) { push(true, false); }
void arp(void) { push(false, false); }
void rlp(void) { pop(true, false); }
void rrp(void) { pop(false, false); }
