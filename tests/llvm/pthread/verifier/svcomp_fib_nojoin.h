/* SV-COMP's fib_bench as it is published: main starts the two threads and
 * checks the counters while they run, without joining them; returning
 * from main ends the program (frontend/llvm/pthread_detached.go). The
 * counters reach at most 21 (fib(8)) with NUM 3; the including file
 * defines LIMIT, the smallest that is an error. */
#include <pthread.h>
#include <stdlib.h>

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
    int condI = i >= LIMIT;
    int condJ = j >= LIMIT;
    if (condI || condJ) {
    ERROR: {
        reach_error();
        abort();
    }
    }
    return 0;
}
