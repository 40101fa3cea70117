/* Test operations for a queue (dissertation Fig. 8.2): i initializes the
 * queue, e enqueues 0 or 1, d dequeues. Each operation records its label
 * and its arguments and results as observations. */
#include <lsl_protos.h>

void init_queue(void);
void enqueue(int value);
boolean_t dequeue(int *pvalue);

void i(void)
{
    init_queue();
}

void e(void)
{
    int value = lsl_choose();
    lsl_observe_label("enqueue");
    lsl_observe_input("value", value);
    enqueue(value);
}

void d(void)
{
    int value;
    boolean_t ok;
    lsl_observe_label("dequeue");
    ok = dequeue(&value);
    lsl_observe_output("ok", ok);
    if (ok)
        lsl_observe_output("value", value);
}
