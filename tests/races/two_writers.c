/* Two threads store a plain int, main asserts on it after joining them:
 * the two stores race (neither thread synchronises with the other). */
#include <pthread.h>
#include <assert.h>

int x;

static void *set(void *arg)
{
    x = 1;
    return 0;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, 0, set, 0);
    pthread_create(&b, 0, set, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    assert(x == 1);
    return 0;
}
