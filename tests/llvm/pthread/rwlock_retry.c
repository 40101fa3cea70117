/* A reader-writer lock whose reader announces itself with fetch_add and,
 * finding the writer in, takes it back with fetch_sub and retries: each
 * failed round adds 1 and subtracts 1, a chain of read-modify-writes that
 * writes back what it read, so the retry loop converges under fair
 * progress (docs/semantics.md, "Chains of read-modify-writes"). The
 * writer enters with a CAS from 0 and leaves with fetch_sub; the reader
 * must see both of its writes or neither. */
#include <pthread.h>
#include <stdatomic.h>
#include <assert.h>

#define WRITER 0x100
atomic_int rw;
int x, y;

void *writer(void *arg)
{
    int expected = 0;
    while (!atomic_compare_exchange_strong(&rw, &expected, WRITER))
        expected = 0;
    x = 1;
    y = 1;
    atomic_fetch_sub(&rw, WRITER);
    return 0;
}

void *reader(void *arg)
{
    while (atomic_fetch_add(&rw, 1) & WRITER)
        atomic_fetch_sub(&rw, 1);
    int a = x, b = y;
    atomic_fetch_sub(&rw, 1);
    assert(a == b);
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
