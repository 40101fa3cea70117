/* A void* read from memory has no object type the front end can see. A
 * cast to the struct type reaches the member at -O0; optimized IR reaches
 * it as a byte offset from the void*, which the front end refuses rather
 * than guess the member. */
#include <pthread.h>
#include <assert.h>

struct pair { int a; int b; };
struct pair g = { 3, 4 };
void *volatile slot; /* read back, not forwarded */
int seen;

static void *reader(void *p)
{
    seen = ((struct pair *)p)->b;
    return 0;
}

int main(void)
{
    slot = &g;
    pthread_t t;
    pthread_create(&t, 0, reader, slot);
    pthread_join(t, 0);
    assert(seen == 4);
    return 0;
}
