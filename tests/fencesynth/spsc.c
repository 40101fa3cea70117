/* A single-producer single-consumer ring buffer (Lamport 1983), without
 * fences: the producer writes the slot and then publishes it by advancing
 * tail; the consumer reads tail, then the slot, then frees the slot by
 * advancing head. Full and empty are told apart by the indices.
 *
 * What the literature needs: nothing on tso (loads and stores each stay in
 * order, and a load is never overtaken by a later store); on pso a
 * store-store fence between writing the slot and advancing tail, or the
 * consumer may see the new tail before the value. */
#include "lsl_protos.h"

#define SIZE 2
#define EMPTY -1

int buf[SIZE];
unsigned head; /* next slot to read */
unsigned tail; /* next slot to write */

static boolean_t produce(int v)
{
    unsigned t = tail;
    if (t - head == SIZE)
        return false;
    buf[t % SIZE] = v;
    tail = t + 1;
    return true;
}

static int consume(void)
{
    unsigned h = head;
    int v;
    if (h == tail)
        return EMPTY;
    v = buf[h % SIZE];
    head = h + 1;
    return v;
}

void p1(void)
{
    lsl_observe_label("produce");
    lsl_observe_output("ok", produce(1));
}

void p2(void)
{
    lsl_observe_label("produce");
    lsl_observe_output("ok", produce(2));
}

void c(void)
{
    lsl_observe_label("consume");
    lsl_observe_output("v", consume());
}
