/* Dekker's mutual exclusion for two threads. Each operation takes the
 * lock, increments a shared counter and releases the lock; the counter's
 * old value is observed. Without the store-load fences (DEKKER_FENCES
 * undefined) both threads can enter the critical section on tso and
 * weaker models: both increments read 0. */
#include "lsl_protos.h"

#ifdef DEKKER_FENCES
#define STORE_LOAD() lsl_fence("store-load")
#define ACQUIRE() lsl_fence("load-load"); lsl_fence("load-store")
#define RELEASE() lsl_fence("load-store"); lsl_fence("store-store")
#else
#define STORE_LOAD()
#define ACQUIRE()
#define RELEASE()
#endif

int flag[2];
int turn;
int count;

static void lock(int id)
{
    int other = 1 - id;
    flag[id] = 1;
    STORE_LOAD();
    while (flag[other]) {
        if (turn != id) {
            flag[id] = 0;
            while (turn != id)
                ;
            flag[id] = 1;
            STORE_LOAD();
        }
    }
    ACQUIRE();
}

static void unlock(int id)
{
    RELEASE();
    turn = 1 - id;
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
