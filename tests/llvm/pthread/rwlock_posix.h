/* pthread_rwlock_t: a writer sets x and y under the write lock; two readers
 * read them under the read lock and must see both writes or neither, and
 * are inside together (each waits under its read lock for the other: a
 * lock that let one reader in at a time would deadlock). With NOLOCK the
 * readers do not lock: a FAIL. */
#include <pthread.h>
#include <stdatomic.h>
#include <assert.h>

pthread_rwlock_t lock = PTHREAD_RWLOCK_INITIALIZER;
int x, y;
atomic_int inside;

static void *writer(void *arg)
{
    pthread_rwlock_wrlock(&lock);
    x = 1;
    y = 1;
    pthread_rwlock_unlock(&lock);
    return 0;
}

static void *reader(void *arg)
{
#ifndef NOLOCK
    pthread_rwlock_rdlock(&lock);
#endif
    int a = x, b = y;
    assert(a == b);
#ifndef NOLOCK
    atomic_fetch_add(&inside, 1);
    while (atomic_load(&inside) < 2)
        ;
    pthread_rwlock_unlock(&lock);
#endif
    return 0;
}

int main(void)
{
    pthread_t w, r1, r2;
    pthread_create(&w, 0, writer, 0);
    pthread_create(&r1, 0, reader, 0);
    pthread_create(&r2, 0, reader, 0);
    pthread_join(w, 0);
    pthread_join(r1, 0);
    pthread_join(r2, 0);
    return 0;
}
