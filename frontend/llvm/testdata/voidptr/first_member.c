/* void* designates the first scalar cell of the object it points to
 * (C11 6.7.2.1p15, 6.3.2.1p3): a thread argument, or a void* kept in a
 * variable, that is cast to int* reads and writes the first member of a
 * struct or the first element of an array. Every assertion holds.
 * (members.c casts back to the struct type.) */
#include <pthread.h>
#include <stdlib.h>
#include <assert.h>

struct pair { int a; int b; };
struct outer { struct pair p; int c; };

struct pair g = { 3, 4 };
int arr[2] = { 5, 6 };
struct outer o = { { 7, 8 }, 9 };
int seen_g, seen_arr, seen_heap;

static void *read_first(void *p) { seen_g = *(int *)p; return 0; }
static void *read_elem0(void *p) { seen_arr = *(int *)p; return 0; }
static void *write_first(void *p) { *(int *)p = 11; return 0; }
static void *read_heap(void *p) { seen_heap = *(int *)p; return 0; }

int main(void)
{
    struct pair *h = malloc(sizeof *h);
    h->a = 12;
    h->b = 13;
    void *v = arr;
    assert(*(int *)v == 5);
    assert((void *)&g == (void *)&g.a);
    void *none = 0;
    assert((struct pair *)none == 0);
    pthread_t t[4];
    pthread_create(&t[0], 0, read_first, &g);
    pthread_create(&t[1], 0, read_elem0, arr);
    pthread_create(&t[2], 0, write_first, &o.p);
    pthread_create(&t[3], 0, read_heap, h);
    for (int i = 0; i < 4; i++)
        pthread_join(t[i], 0);
    assert(seen_g == 3);
    assert(seen_arr == 5);
    assert(o.p.a == 11);
    assert(seen_heap == 12);
    free(h);
    return 0;
}
