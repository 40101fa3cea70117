/* A program written for GenMC (genmc.h): two threads add a value from
 * __VERIFIER_nondet_int, bounded by __VERIFIER_assume, to a total under a
 * compare-exchange lock whose spin loop carries GenMC's spin hints
 * (await_while, as GenMC's and Dat3M's tests write it). The including file
 * defines LIMIT (the largest total main expects) and the lock's orders. */
#include <pthread.h>
#include <stdatomic.h>
#include <assert.h>
#include <genmc.h>

#define await_while(cond)                                                  \
    for (int tmp = (__VERIFIER_loop_begin(), 0); __VERIFIER_spin_start(),  \
        tmp = cond, __VERIFIER_spin_end(!tmp), tmp;)

atomic_int lock;
int total;
int added[2];

static int try_lock(void)
{
    int expected = 0;
    return atomic_compare_exchange_strong_explicit(&lock, &expected, 1,
        LOCK_ORDER, memory_order_relaxed);
}

void *add(void *arg)
{
    int v = __VERIFIER_nondet_int();
    __VERIFIER_assume(v >= 0 && v <= 3);
    await_while (!try_lock())
        ;
    total += v;
    atomic_store_explicit(&lock, 0, UNLOCK_ORDER);
    added[(long)arg] = v;
    return 0;
}

int main(void)
{
    pthread_t t[2];
    for (int i = 0; i < 2; i++)
        pthread_create(&t[i], 0, add, (void *)(long)i);
    for (int i = 0; i < 2; i++)
        pthread_join(t[i], 0);
    assert(total == added[0] + added[1]);
    assert(total <= LIMIT);
    return 0;
}
