/* pthread_once: two threads use a table that one pthread_once fills;
 * init runs exactly once and both threads see what it wrote. With NOONCE
 * each thread checks a plain flag instead (a broken double-checked
 * initialization): init may run twice, or a thread may see the flag and
 * not the table. */
#include <pthread.h>
#include <assert.h>

pthread_once_t once = PTHREAD_ONCE_INIT;
int table[2], runs, ready;

static void init(void)
{
    table[0] = 10;
    table[1] = 20;
    runs++;
}

static void *user(void *arg)
{
#ifdef NOONCE
    if (!ready) {
        init();
        ready = 1;
    }
#else
    pthread_once(&once, init);
#endif
    assert(table[0] + table[1] == 30);
    return 0;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, 0, user, 0);
    pthread_create(&b, 0, user, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    assert(runs == 1);
    return 0;
}
