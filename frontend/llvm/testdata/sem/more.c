/* C that the LLVM front end sees in forms of its own: struct assignment
 * and return by value, arrays in structs, pointers to pointers into
 * arrays, C11 atomics run by one thread, char and short arithmetic,
 * pointer comparisons and differences, a malloc'd array of structs. */
#include <stdatomic.h>
#include <stdlib.h>

struct pair { int a, b; };
struct box { struct pair p; int arr[3]; };

static struct pair make(int a, int b) { struct pair r = { a, b }; return r; }

int test_struct_copy(void)
{
    struct box x = { { 1, 2 }, { 3, 4, 5 } };
    struct box y = x;
    y.p = make(7, 8);
    y.arr[1] = x.arr[2] * 10;
    return x.p.a * 100000 + y.p.a * 10000 + y.p.b * 1000 + y.arr[1] * 10 + x.arr[1];
}

int test_atomics_sequential(void)
{
    atomic_int v = 5;
    int expected = 5;
    int ok = atomic_compare_exchange_strong(&v, &expected, 9);
    int failed = atomic_compare_exchange_strong(&v, &expected, 1);
    int old = atomic_fetch_add(&v, 3);
    int x = atomic_exchange(&v, 20);
    atomic_fetch_sub_explicit(&v, 4, memory_order_relaxed);
    return ok * 1000000 + failed * 100000 + expected * 10000 + old * 100 + x + atomic_load(&v) * 1000;
}

int test_small_types(void)
{
    signed char c = -5;
    short s = -300;
    unsigned char u = 250;
    int sum = c + s + u;
    signed char d = c * 3;
    return sum * 100 + d;
}

int test_pointer_walk(void)
{
    int a[5] = { 5, 4, 3, 2, 1 };
    int *end = a + 5;
    int n = 0, s = 0;
    for (int *p = a; p != end; p++, n++)
        s = s * 10 + *p;
    char buf[8];
    char *b = buf + 6, *c = &buf[1];
    return s + n * 100000 + (int)(end - a) * 1000000 + (int)(b - c) * 10000000;
}

struct item { int key; struct item *next; };

int test_struct_array_malloc(void)
{
    int n = 3;
    struct item *items = malloc(n * sizeof(struct item));
    for (int i = 0; i < n; i++) {
        items[i].key = i + 1;
        items[i].next = i + 1 < n ? &items[i + 1] : 0;
    }
    int s = 0;
    for (struct item *it = items; it; it = it->next)
        s = s * 10 + it->key;
    free(items);
    return s;
}

int test_ternary_chain(void)
{
    int r = 0;
    for (int i = -2; i <= 2; i++)
        r = r * 10 + (i < 0 ? 1 : i == 0 ? 2 : 3);
    return r;
}

struct half { short lo, hi; };

static int sum_pair(struct pair p) { return p.a * 100 + p.b; }
static struct half swap_half(struct half h) { struct half r = { h.hi, h.lo }; return r; }

int test_small_structs_by_value(void)
{
    struct pair p = make(-7, 3);
    struct half h = swap_half((struct half){ -2, 5 });
    return sum_pair(p) * 10000 + h.lo * 100 + h.hi;
}

struct tagged { char kind; int value; };

static struct tagged retag(struct tagged t) { t.kind = t.kind + 1; t.value = -t.value; return t; }

int test_struct_with_padding_by_value(void)
{
    struct tagged t = retag((struct tagged){ 'a', 41 });
    return t.kind * 1000 + t.value;
}
