/* Test operations for a set (dissertation Fig. 8.2): i initializes the set,
 * a adds, c looks up (contains), r removes a nondeterministic key 0 or 1.
 * ap, cp, rp are the restricted ("primed") forms a', c', r' of test S1:
 * their retry loops run only once. */
#include <lsl_protos.h>

void init_set(void);
boolean_t add(int key, boolean_t retry);
boolean_t remove(int key, boolean_t retry);
boolean_t contains(int key);

void i(void)
{
    init_set();
}

static void do_add(boolean_t retry)
{
    int key = lsl_choose();
    lsl_observe_label("add");
    lsl_observe_input("key", key);
    lsl_observe_output("result", add(key, retry));
}

static void do_remove(boolean_t retry)
{
    int key = lsl_choose();
    lsl_observe_label("remove");
    lsl_observe_input("key", key);
    lsl_observe_output("result", remove(key, retry));
}

void a(void) { do_add(true); }
void r(void) { do_remove(true); }
void ap(void) { do_add(false); }
void rp(void) { do_remove(false); }

void c(void)
{
    int key = lsl_choose();
    lsl_observe_label("contains");
    lsl_observe_input("key", key);
    lsl_observe_output("result", contains(key));
}

/* contains has no retry loop: c' is c */
void cp(void) { c(); }
