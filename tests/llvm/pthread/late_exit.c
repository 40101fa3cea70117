/* A bug behind the third round of a loop: the reader polls X at most three
 * times, and fails only if it sees X set in the third poll and then reads
 * Y, which the writer set first. Without the simulation the check raises
 * the loop bound round by round, and the failing execution is one of the
 * third round's: the load of Y after the loop is the same instruction in
 * every round, but its guard is not, so no clause of an earlier round
 * about it may survive into the third (tests/incremental_test.go). The
 * writer stores Y twice so that the load has two stores to read: with one,
 * "the load reads some store" is its one seed, which the encoding treats
 * as depending on the whole program, and the earlier round's clauses
 * about the seed would be dropped anyway. */
#include <pthread.h>
#include <stdatomic.h>
#include <assert.h>

atomic_int X, Y;

void *writer(void *a)
{
    atomic_store(&Y, 2); /* a second store the load of Y may read */
    atomic_store(&Y, 1);
    atomic_store(&X, 1);
    return 0;
}

void *reader(void *a)
{
    int i;
    for (i = 0; i < 3; i++)
        if (atomic_load(&X) == 1)
            break;
    int b = atomic_load(&Y);
    assert(!(i == 2 && b == 1));
    return 0;
}

int main(void)
{
    pthread_t w, r;
    pthread_create(&w, 0, writer, 0);
    pthread_create(&r, 0, reader, 0);
    pthread_join(w, 0);
    pthread_join(r, 0);
    return 0;
}
