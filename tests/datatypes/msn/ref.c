/* Sequential reference queue for --spec (dissertation §6.5): the same
 * operations as the queue implementations, as a plain array with no
 * concurrency control and no fences. It is only ever run serially, to mine
 * the observations a correct queue may produce; CAPACITY exceeds the
 * number of enqueues in any test. */
#include <lsl_protos.h>

#define CAPACITY 16

int items[CAPACITY];
int first, last; /* the queue is items[first .. last-1] */

void init_queue(void)
{
    first = 0;
    last = 0;
}

void enqueue(int value)
{
    lsl_assert(last < CAPACITY);
    items[last] = value;
    last = last + 1;
}

boolean_t dequeue(int *pvalue)
{
    if (first == last)
        return false;
    *pvalue = items[first];
    first = first + 1;
    return true;
}

#include "harness.c"
