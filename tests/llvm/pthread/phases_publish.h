/* main writes data between two pthread_create calls; the consumer it
 * creates after the write must see it, whatever the memory model. With
 * LATE the write comes after the consumer's create: a FAIL, and a race on
 * rc11. */
#include <pthread.h>
#include <assert.h>

int data, other;

static void *unrelated(void *arg) { other = 1; return 0; }
static void *consumer(void *arg) { assert(data == 42); return 0; }

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, 0, unrelated, 0);
#ifdef LATE
    pthread_create(&b, 0, consumer, 0);
    data = 42;
#else
    data = 42;
    pthread_create(&b, 0, consumer, 0);
#endif
    pthread_join(a, 0);
    pthread_join(b, 0);
    return 0;
}
