/* Pointer differences and an array malloc'd with a size that is not a
 * constant, through clang: q - p is the difference of the pointers' last
 * offsets, and malloc(n * sizeof(int)) returns a pointer to element 0, as
 * in the C front end. Both were runtime errors (arithmetic on a pointer)
 * before 2026-11-25. */
#include <pthread.h>
#include <stdlib.h>
#include <assert.h>

int distance, squares;

void *measure(void *arg)
{
    int a[6] = { 1, 2, 3, 4, 5, 6 };
    int *p = &a[1];
    int *q = p + 3;
    distance = (int)(q - p) * 10 + (q > p);
    return 0;
}

void *fill(void *arg)
{
    int n = (int)(long)arg;
    int *a = malloc(n * sizeof(int));
    for (int i = 0; i < n; i++)
        a[i] = i * i;
    squares = a[n - 1] * 10 + a[2];
    free(a);
    return 0;
}

int main(void)
{
    pthread_t t1, t2;
    pthread_create(&t1, 0, measure, 0);
    pthread_create(&t2, 0, fill, (void *)4);
    pthread_join(t1, 0);
    pthread_join(t2, 0);
    assert(distance == 31);
    assert(squares == 94);
    return 0;
}
