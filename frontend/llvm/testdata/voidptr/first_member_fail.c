/* A thread writes g.a through its void* argument; the assertion that
 * g.a is still 0 is wrong and must fail (it passed when a void* kept the
 * path of the whole struct). */
#include <pthread.h>
#include <assert.h>

struct pair { int a; int b; } g;

static void *write_first(void *p) { *(int *)p = 5; return 0; }

int main(void)
{
    pthread_t t;
    pthread_create(&t, 0, write_first, &g);
    pthread_join(t, 0);
    assert(g.a == 0);
    return 0;
}
