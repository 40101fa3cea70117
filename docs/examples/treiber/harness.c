/* The operations the tests call: i initializes the stack, u pushes 0 or 1,
 * o pops. Each records what a caller could see: its label, its input and
 * its results. */
#include <lsl_protos.h>

void init_stack(void);
void push(int value);
boolean_t pop(int *pvalue);

void i(void)
{
    init_stack();
}

void u(void)
{
    int value = lsl_choose();
    lsl_observe_label("push");
    lsl_observe_input("value", value);
    push(value);
}

void o(void)
{
    int value;
    boolean_t ok;
    lsl_observe_label("pop");
    ok = pop(&value);
    lsl_observe_output("ok", ok);
    if (ok)
        lsl_observe_output("value", value);
}
