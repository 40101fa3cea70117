/* Message passing through the allocator: t1 writes a plain global and
 * frees a block; t2 allocates, and when it got the freed block back it
 * reads the global. C11 7.22.3p2: the free synchronizes with the
 * allocation that returns its block next, so the read sees 1 and does not
 * race. Correct on every model only because the allocator orders the free
 * before that malloc (docs/semantics.md, "The allocator in C11
 * programs"); the use of the freed pointer's value is a comparison only. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <assert.h>

int data;
int *old;   /* the block t1 frees (set before the threads start) */
int got, r;

static void *t1(void *arg)
{
    data = 1;
    free(old);
    return 0;
}

static void *t2(void *arg)
{
    int *q = malloc(sizeof(int));
    if (q == old) {
        got = 1;
        r = data;
    }
    free(q);
    return 0;
}

int main(void)
{
    pthread_t a, b;
    old = malloc(sizeof(int));
    pthread_create(&a, 0, t1, 0);
    pthread_create(&b, 0, t2, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    assert(!got || r == 1);
    return 0;
}
