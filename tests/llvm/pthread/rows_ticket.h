/* Threads started on one function with their index, each recording the
 * ticket it drew (atomic_fetch_add) in its own row of a global array,
 * which main checks after the joins. The index only chooses the row, so
 * the checker keeps each thread's index and lets main permute the rows
 * (encode/rowsym.go); main's checks here depend on which row holds what.
 * The including file defines CHECK, main's assertion on the rows. */
#include <pthread.h>
#include <stdatomic.h>
#include <assert.h>

#define N 3

atomic_int next_ticket;
int ticket[N][2]; /* row c: the ticket thread c drew, and its successor */

static void *draw(void *arg)
{
    int c = (int)(long)arg;
    int t = atomic_fetch_add(&next_ticket, 1);
    for (int j = 0; j < 2; j++) /* the row's cells by a loop counter */
        ticket[c][j] = t + j;
    return 0;
}

int main(void)
{
    pthread_t t[N];
    for (int i = 0; i < N; i++)
        pthread_create(&t[i], 0, draw, (void *)(long)i);
    for (int i = 0; i < N; i++)
        pthread_join(t[i], 0);
    int sum = 0;
    for (int i = 0; i < N; i++) {
        assert(ticket[i][1] == ticket[i][0] + 1);
        sum += ticket[i][0];
    }
    assert(sum == 0 + 1 + 2);
    CHECK;
    return 0;
}
