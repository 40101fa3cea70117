/* Threads started and joined in loops, their results kept in an array:
 * each adds its number to a counter with fetch_add and returns the value it
 * replaced. The values replaced are distinct partial sums, so exactly one
 * thread saw 0 and the largest is the total minus one thread's number. */
#include <pthread.h>
#include <stdatomic.h>
#include <assert.h>

#define N 3

atomic_int counter;

static void *add(void *arg)
{
    int old = atomic_fetch_add(&counter, (int)(long)arg);
    return (void *)(long)old;
}

int main(void)
{
    pthread_t t[N];
    long seen[N];
    for (int i = 0; i < N; i++)
        pthread_create(&t[i], 0, add, (void *)(long)(i + 1));
    for (int i = 0; i < N; i++)
        pthread_join(t[i], (void **)&seen[i]);
    int zeros = 0;
    long max = 0;
    for (int i = 0; i < N; i++) {
        if (seen[i] == 0)
            zeros++;
        if (seen[i] > max)
            max = seen[i];
    }
    assert(zeros == 1);
    assert(max >= 6 - 3 && max <= 6 - 1);
    assert(atomic_load(&counter) == 6);
    return 0;
}
