/* A sequence lock: the writer makes the counter odd, writes both halves of
 * the data, and makes the counter even again; the reader retries while the
 * counter is odd or changed. The reader is a plain retry loop: without
 * fair progress even sc gave no answer (the writer may stall forever in the
 * middle of a write, and the reader retry forever). */
#include "lsl_protos.h"

unsigned seq;
int d1, d2;

void write(void)
{
    unsigned s = seq;
    seq = s + 1;
    lsl_fence("store-store");
    d1 = d1 + 1;
    d2 = d2 + 1;
    lsl_fence("store-store");
    seq = s + 2;
}

void read(void)
{
    unsigned s0, s1;
    int a, b;
    do {
        s0 = seq;
        lsl_fence("load-load");
        a = d1;
        b = d2;
        lsl_fence("load-load");
        s1 = seq;
    } while ((s0 & 1) || s0 != s1);
    lsl_observe_label("read");
    lsl_observe_output("a", a);
    lsl_observe_output("b", b);
}
