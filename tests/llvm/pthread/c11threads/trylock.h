/* mtx_trylock succeeds for at most one of two threads while the other
 * holds the mutex; each thread that got it adds its bit. thrd_yield does
 * nothing. The including file defines CHECK, main's claim. */
#include <threads.h>
#include <assert.h>

mtx_t m;
int inside, bits;

static int try(void *arg)
{
    int bit = (int)(long)arg;
    if (mtx_trylock(&m) == thrd_success) {
        inside = inside + 1;
        assert(inside == 1);
        bits = bits | bit;
        inside = inside - 1;
        mtx_unlock(&m);
    } else {
        thrd_yield();
    }
    return 0;
}

int main(void)
{
    thrd_t a, b;
    mtx_init(&m, mtx_plain);
    thrd_create(&a, try, (void *)1);
    thrd_create(&b, try, (void *)2);
    thrd_join(a, 0);
    thrd_join(b, 0);
    CHECK;
    return 0;
}
