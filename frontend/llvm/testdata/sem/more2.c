/* More C in the forms lock-free code uses: container_of with offsetof,
 * memset of a struct, enums, arrays of atomics, atomic_fetch_or/and.
 * (Tagged pointers — arithmetic on a pointer's bits — are runtime errors,
 * as in the C front end: use a packed word. Bit-fields are input errors.) */
#include <stdatomic.h>
#include <stddef.h>
#include <string.h>

struct list { struct list *next; };
struct entry { int key; struct list link; int value; };

#define container_of(p, T, m) ((T *)((char *)(p) - offsetof(T, m)))

int test_container_of(void)
{
    struct entry e = { 7, { 0 }, 70 };
    struct list *l = &e.link;
    struct entry *back = container_of(l, struct entry, link);
    return back->key * 100 + back->value;
}

struct config { int a; int b[3]; char c; };
enum color { RED = 1, GREEN = 4, BLUE = 9 };

int test_memset_enum(void)
{
    struct config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.b[1] = GREEN;
    enum color col = BLUE;
    return cfg.a + cfg.b[0] + cfg.b[1] * 10 + cfg.c + col * 100;
}

atomic_int counters[4];

int test_atomic_array(void)
{
    for (int i = 0; i < 4; i++)
        atomic_store(&counters[i], i);
    atomic_fetch_add(&counters[2], 10);
    int old = atomic_fetch_or(&counters[3], 8);
    atomic_fetch_and(&counters[1], 0);
    return atomic_load(&counters[2]) * 1000 + atomic_load(&counters[3]) * 10 + old + atomic_load(&counters[1]);
}
