/* The checks the benchmark harnesses of this directory share (msq.h,
 * treiber.h). A value names the thread that produced it and its place in
 * that thread's sequence: VALUE(p, k) = 4 p + k, p = 1..NPROD, k =
 * 1..PROD_OPS; 0 means "empty". Each consumer thread records what it took
 * in its own row of `taken`; main, after the joins, checks every value it
 * took (in range, not twice, and with ORDERED in increasing k per producer
 * within each consumer: FIFO order per enqueuer), drains the structure
 * (with ORDERED: each producer's drained values come after every value a
 * thread took from it) and finally that every value was taken once. The
 * including file defines NPROD, PROD_OPS, NCONS and CONS_OPS. */
#include <assert.h>

#define VALUE(p, k) ((p) * 4 + (k))
#define PRODUCER(v) ((v) >> 2)
#define SEQ(v) ((v) & 3)

int taken[NCONS][CONS_OPS]; /* row c: what consumer c took, in order */
int seen[NPROD + 1][PROD_OPS + 1];
int last[NPROD + 1]; /* per producer: the last k the current consumer took */
int highest[NPROD + 1]; /* per producer: the highest k any thread took */

/* check_value: v is a value some producer made that nobody took before,
 * and (ORDERED) it follows the last value of its producer that this
 * consumer took. */
static void check_value(int v)
{
    int p = PRODUCER(v), k = SEQ(v);
    assert(p >= 1 && p <= NPROD && k >= 1 && k <= PROD_OPS);
    assert(seen[p][k] == 0);
    seen[p][k] = 1;
#ifdef ORDERED
    assert(k > last[p]);
#endif
    last[p] = k;
    if (k > highest[p])
        highest[p] = k;
}

/* check_threads checks what the consumer threads took; then main drains
 * with check_value and ends with check_all. */
static void check_threads(void)
{
    for (int c = 0; c < NCONS; c++) {
        for (int p = 1; p <= NPROD; p++)
            last[p] = 0;
        for (int i = 0; i < CONS_OPS; i++)
            if (taken[c][i] != 0)
                check_value(taken[c][i]);
    }
    for (int p = 1; p <= NPROD; p++)
        last[p] = highest[p];
}

static void check_all(void)
{
    for (int p = 1; p <= NPROD; p++)
        for (int k = 1; k <= PROD_OPS; k++)
            assert(seen[p][k] == 1);
}
