/* A main that runs its threads in two phases: the second thread is
 * created after the first is joined, and reads what it wrote. pthread_join
 * and pthread_create synchronize memory (POSIX XBD 4.12), so every model
 * passes it, and rc11 finds no race. */
#include <pthread.h>
#include <assert.h>

int x, y;

static void *first(void *arg) { x = 1; return 0; }
static void *second(void *arg) { assert(x == 1); y = 1; return 0; }

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, 0, first, 0);
    pthread_join(a, 0);
    assert(x == 1);
    pthread_create(&b, 0, second, 0);
    pthread_join(b, 0);
    assert(y == 1);
    return 0;
}
