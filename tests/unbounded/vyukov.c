/* Dmitry Vyukov's bounded MPMC queue ("Bounded MPMC queue",
 * 1024cores.net, 2010): a ring of cells, each with a sequence number that
 * says whose turn the cell is. A producer claims position pos when the
 * cell's sequence equals pos (CAS on enqueue_pos), writes the data and
 * publishes it by setting the sequence to pos + 1; a consumer claims pos
 * when the sequence is pos + 1 and frees the cell for the next lap by
 * setting it to pos + SIZE. Positions grow without bound, so the cell an
 * access touches, buf[pos % SIZE] with pos loaded from memory, is one the
 * range analysis cannot always name: the cat models must then compare the
 * address with every location (docs/semantics.md, "Locations of a cat
 * model").
 *
 * The fences are those relaxed needs (the published code's acquire loads
 * of seq and release stores of seq). VYUKOV_NOFENCE leaves them out. */
#include <lsl_protos.h>

#define SIZE 2

#ifdef VYUKOV_NOFENCE
#define FENCE(kind)
#else
#define FENCE(kind) lsl_fence(kind)
#endif

typedef struct cell {
    int seq;
    int data;
} cell_t;

typedef struct queue {
    cell_t buf[SIZE];
    int enqueue_pos;
    int dequeue_pos;
} queue_t;

queue_t q;

/* The positions start at any lap (start), so the tests cover the wrap
 * around of the ring at every cell. */
void init_queue(void)
{
    int i, start = lsl_nondet(0, 200) * SIZE;
    for (i = 0; i < SIZE; i++)
        q.buf[i].seq = start + i;
    q.enqueue_pos = start;
    q.dequeue_pos = start;
}

boolean_t enqueue(int value)
{
    cell_t *cell;
    int pos, seq, dif;
    pos = q.enqueue_pos;
    while (1) {
        cell = &q.buf[pos % SIZE];
        seq = cell->seq;
        FENCE("load-load"); /* acquire: seq before the data and the claim */
        FENCE("load-store");
        dif = seq - pos;
        if (dif == 0) {
            if (lsl_cas_32(&q.enqueue_pos, pos, pos + 1))
                break;
            pos = q.enqueue_pos;
        } else if (dif < 0) {
            return false; /* full */
        } else {
            pos = q.enqueue_pos;
        }
    }
    cell->data = value;
    FENCE("store-store"); /* release: the data before the sequence */
    cell->seq = pos + 1;
    return true;
}

boolean_t dequeue(int *pvalue)
{
    cell_t *cell;
    int pos, seq, dif;
    pos = q.dequeue_pos;
    while (1) {
        cell = &q.buf[pos % SIZE];
        seq = cell->seq;
        FENCE("load-load"); /* acquire: seq before the data */
        FENCE("load-store");
        dif = seq - (pos + 1);
        if (dif == 0) {
            if (lsl_cas_32(&q.dequeue_pos, pos, pos + 1))
                break;
            pos = q.dequeue_pos;
        } else if (dif < 0) {
            return false; /* empty */
        } else {
            pos = q.dequeue_pos;
        }
    }
    *pvalue = cell->data;
    FENCE("load-store"); /* release: the data read before the cell is reused */
    FENCE("store-store");
    cell->seq = pos + SIZE;
    return true;
}

void i(void) { init_queue(); }

void e(void)
{
    int value = lsl_choose();
    lsl_observe_label("enqueue");
    lsl_observe_input("value", value);
    lsl_observe_output("ok", enqueue(value));
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
