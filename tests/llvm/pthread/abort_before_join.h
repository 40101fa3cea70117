/* main aborts between its create and its join when it sees a value: the
 * condition short-circuits, and structuring put main's pthread_join in a
 * branch, under the abort (frontend/llvm/pthread_failpaths.go). The
 * including file defines SEEN, what the thread stores. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

atomic_int g;

void *w(void *a)
{
    atomic_store(&g, SEEN);
    return 0;
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, 0, w, 0);
    int v = atomic_load(&g);
    if (v == 5 || v == 7)
        abort();
    pthread_join(t, 0);
    return 0;
}
