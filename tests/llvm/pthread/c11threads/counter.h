/* C11 threads (<threads.h>): two threads add to a counter under a mutex
 * and return how much they added, which main reads through thrd_join. The
 * including file defines LOCK and UNLOCK. */
#include <threads.h>
#include <assert.h>

mtx_t m;
int counter;

static int add(void *arg)
{
    int n = (int)(long)arg;
    for (int i = 0; i < n; i++) {
        LOCK(&m);
        counter = counter + 1;
        UNLOCK(&m);
    }
    return n;
}

int main(void)
{
    thrd_t t1, t2;
    int r1, r2;
    if (mtx_init(&m, mtx_plain) != thrd_success)
        return 1;
    thrd_create(&t1, add, (void *)1);
    thrd_create(&t2, add, (void *)2);
    thrd_join(t1, &r1);
    thrd_join(t2, &r2);
    assert(r1 == 1 && r2 == 2);
    assert(counter == r1 + r2);
    mtx_destroy(&m);
    return 0;
}
