/* SV-COMP's fib_bench, as its pthread programs are written: two threads
 * add each other's counter NUM times, and main, after joining them, calls
 * __VERIFIER_error() (or abort()) when a counter is too large. The
 * condition short-circuits, so clang's control flow joins at the error
 * call, and the front end's structuring wrapped main's thread operations
 * in the block around it (pthread_hoist.go). With NUM 3 the counters reach
 * at most 21 (fib(8)). The including file defines LIMIT, the smallest
 * counter that is an error, and FAIL_CALL, what main calls then. */
#include <pthread.h>
#include <stdlib.h>

extern void __VERIFIER_error(void);

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
    pthread_join(id1, 0);
    pthread_join(id2, 0);
    if (i >= LIMIT || j >= LIMIT)
        FAIL_CALL();
    return 0;
}
