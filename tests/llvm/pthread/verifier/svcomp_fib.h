/* SV-COMP's fib_bench: two threads add each other's counter NUM times,
 * and main calls FAIL_CALL() when a counter has reached LIMIT. With NUM 3
 * the counters reach at most 21 (fib(8)). The including file defines
 * LIMIT, FAIL_CALL (__VERIFIER_error, reach_error or abort) and, for the
 * program as it is published, NOJOIN: main then checks the counters while
 * the threads run and returns without joining them
 * (frontend/llvm/pthread_detached.go). Otherwise main joins them first.
 * The condition short-circuits, so clang's control flow joins at the
 * failing call, and structuring wrapped main's thread operations in the
 * block around it (frontend/llvm/pthread_hoist.go). With ASSERT_FORM the
 * check is an assert, whose translation needs none of those rewrites: its
 * verdicts must be those of the same LIMIT with __VERIFIER_error. */
#include <pthread.h>
#include <stdlib.h>
#include <assert.h>

extern void __VERIFIER_error(void);
void reach_error(void) { abort(); }

int i = 1, j = 1;
#define NUM 3

void *t1(void *arg)
{
    for (int k = 0; k < NUM; k++)
        i += j;
    return 0;
}

void *t2(void *arg)
{
    for (int k = 0; k < NUM; k++)
        j += i;
    return 0;
}

int main(void)
{
    pthread_t id1, id2;
    pthread_create(&id1, 0, t1, 0);
    pthread_create(&id2, 0, t2, 0);
#ifndef NOJOIN
    pthread_join(id1, 0);
    pthread_join(id2, 0);
#endif
    int condI = i >= LIMIT;
    int condJ = j >= LIMIT;
#ifdef ASSERT_FORM
    assert(!(condI || condJ));
#else
    if (condI || condJ)
        FAIL_CALL();
#endif
    return 0;
}
