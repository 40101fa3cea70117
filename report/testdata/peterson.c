/* Peterson's mutual exclusion for two threads, without fences. Each
 * operation takes the lock, increments a shared counter and releases the
 * lock; the counter's old value is observed, so two threads in the
 * critical section at once show as both reading the same value.
 *
 * What the literature needs: on tso a store-load fence between raising the
 * flag / giving away the turn and reading the other thread's flag and the
 * turn; on pso also a store-store fence between the flag and the turn (a
 * thread that sees the turn but not yet the flag enters too) and one
 * before the releasing store of the flag (the counter first). */
#include "lsl_protos.h"

int flag[2];
int turn;
int count;

static void lock(int id)
{
    int other = 1 - id;
    flag[id] = 1;
    turn = other;
    while (flag[other] && turn == other)
        ;
}

static void unlock(int id)
{
    flag[id] = 0;
}

void lock_inc_unlock(void)
{
    int id = lsl_get_thread_id();
    int old;
    lock(id);
    old = count;
    count = old + 1;
    unlock(id);
    lsl_observe_label("inc");
    lsl_observe_output("old", old);
}
