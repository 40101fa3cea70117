/* A void* thread argument cast back to its struct type reaches every
 * member, also through a pointer to the first member of an enclosing
 * struct: the parameter takes the object type of its arguments, so the
 * byte offsets of optimized IR map back to members too. */
#include <pthread.h>
#include <assert.h>

struct pair { int a; int b; };
struct outer { struct pair p; int c; };

struct pair g = { 3, 4 };
struct outer o = { { 7, 8 }, 9 };
int seen_b, seen_c;

static void *read_second(void *p) { seen_b = ((struct pair *)p)->b; return 0; }
static void *read_outer(void *p)
{
    struct outer *q = p;
    seen_c = q->c + *(int *)p;
    return 0;
}

int main(void)
{
    pthread_t t[2];
    pthread_create(&t[0], 0, read_second, &g);
    pthread_create(&t[1], 0, read_outer, &o.p.a);
    pthread_join(t[0], 0);
    pthread_join(t[1], 0);
    assert(seen_b == 4);
    assert(seen_c == 9 + 7);
    return 0;
}
