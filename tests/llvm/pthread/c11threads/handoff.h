/* A value handed from a producer to a consumer under a mutex and a
 * condition variable (C11 threads), with call_once initializing the
 * value's offset once for both. The including file defines WAIT. */
#include <threads.h>
#include <assert.h>

mtx_t m;
cnd_t ready;
once_flag once = ONCE_FLAG_INIT;
int offset;
int full, value;

static void init(void) { offset = 10; }

static int produce(void *arg)
{
    call_once(&once, init);
    mtx_lock(&m);
    value = offset + 1;
    full = 1;
    cnd_signal(&ready);
    mtx_unlock(&m);
    return 0;
}

static int consume(void *arg)
{
    call_once(&once, init);
    mtx_lock(&m);
    WAIT;
    int v = value - offset;
    mtx_unlock(&m);
    return v;
}

int main(void)
{
    thrd_t p, c;
    int got;
    mtx_init(&m, mtx_plain);
    cnd_init(&ready);
    thrd_create(&p, produce, 0);
    thrd_create(&c, consume, 0);
    thrd_join(p, 0);
    thrd_join(c, &got);
    assert(got == 1);
    return 0;
}
