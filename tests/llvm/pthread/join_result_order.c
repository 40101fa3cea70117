/* Joins in another order than the creates, one without a result: each
 * join must return the result of the thread its handle names. */
#include <pthread.h>
#include <assert.h>

static void *tenfold(void *arg) { return (void *)((long)arg * 10); }

int main(void)
{
    pthread_t a, b, c;
    void *ra, *rc;
    pthread_create(&a, 0, tenfold, (void *)1);
    pthread_create(&b, 0, tenfold, (void *)2);
    pthread_create(&c, 0, tenfold, (void *)3);
    pthread_join(c, &rc);
    pthread_join(b, 0);
    pthread_join(a, &ra);
#ifdef SWAPPED
    assert((long)ra == 30 && (long)rc == 10); /* wrong: a FAIL */
#else
    assert((long)ra == 10 && (long)rc == 30);
#endif
    return 0;
}
