/* Message passing through a harness local: put writes data, then raises
 * flag; get reads flag and then data into its local v, which it observes.
 * On relaxed, get can see the flag but not the data (v = 0, which no
 * serial execution produces). The stores and loads of v are the harness's
 * own business: no other thread can tell their order. */
#include "lsl_protos.h"

int data;
int flag;

void put(void) {
    lsl_observe_label("put");
    data = 1;
    flag = 1;
}

static void take(int *out) {
    int f = flag;
    if (f)
        *out = data;
    else
        *out = 2;
}

void get(void) {
    int v;
    lsl_observe_label("get");
    take(&v);
    lsl_observe_output("v", v);
}
