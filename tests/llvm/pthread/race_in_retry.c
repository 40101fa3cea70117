/* A data race that only failed retry rounds show: the waiter's CAS on g
 * fails while g is 1, and a failed round that sees f = 1 reads data, which
 * the writer writes non-atomically meanwhile. The round whose CAS succeeds
 * leaves the loop before it reads f. A failed round stores nothing and
 * ends as it started, a cycle of fair progress; deleting it would hide
 * the race, so on rc11 the flag must keep it (encode/catfair.go). */
#include <pthread.h>
#include <stdatomic.h>

atomic_int f, g = 1;
int data;

static void *waiter(void *arg)
{
    for (;;) {
        int one = 0;
        if (atomic_compare_exchange_strong(&g, &one, 2))
            break;
        if (atomic_load(&f) == 1 && data == 7) /* racy; data is never 7 */
            return 0;
    }
    return 0;
}

static void *writer(void *arg)
{
    atomic_store(&f, 1);
    data = 5;
    atomic_store(&f, 0);
    atomic_store(&g, 0);
    return 0;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, 0, waiter, 0);
    pthread_create(&b, 0, writer, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return 0;
}
