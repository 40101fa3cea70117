/* Sequential semantics: every assertion holds (a test PASSes on sc). */
#include <lsl_protos.h>
#include <stdlib.h>
#include <stdatomic.h>
#include <assert.h>

typedef struct node {
    struct node *next;
    int value;
} node_t;

struct pair {
    int a;
    node_t n;
    int arr[3];
} pr, pr2;

node_t nodes[3] = {{&nodes[1], 1}, {&nodes[2], 2}, {0, 3}};
atomic_int ax;
static int counter = 5;

static int sum(int n)
{
    int s = 0;
    for (int i = 0; i < n; i++) {
        if (i == 3)
            continue;
        if (s > 5)
            break;
        s += i;
    }
    return s;
}

static int classify(int v)
{
    switch (v) {
    case 0:
        return 10;
    case 1:
    case 2:
        v *= 2;
        break;
    default:
        v = -1;
    }
    return v;
}

static int walk(node_t *p)
{
    int s = 0;
    while (p) {
        s += p->value;
        p = p->next;
    }
    return s;
}

static void bump(int *p) { *p = *p + 1; }

void t(void)
{
    assert(sum(3) == 3);        /* 0 + 1 + 2 */
    assert(sum(10) == 7);       /* 0 + 1 + 2 + 4, then s > 5 */
    assert(classify(0) == 10);
    assert(classify(2) == 4);
    assert(classify(7) == -1);
    assert(walk(&nodes[0]) == 6);
    assert(walk(nodes[0].next) == 5);

    pr.n.value = 4;
    pr.arr[2] = 9;
    pr2 = pr;
    assert(pr2.n.value == 4 && pr2.arr[2] == 9 && pr2.a == 0);

    int a[3] = {1, 2, 3};
    int *p = &a[0];
    p++;
    assert(*p == 2 && p[1] == 3);
    bump(&a[2]);
    assert(a[2] == 4);

    node_t z = {0};
    assert(z.value == 0 && z.next == 0);

    int *b = malloc(3 * sizeof(int));
    b[2] = 7;
    assert(*(b + 2) == 7);
    free(b);

    node_t *n = lsl_malloc_noreuse(sizeof(node_t));
    n->value = 11;
    n->next = &nodes[2];
    assert(walk(n) == 14);

    int expected = 0;
    assert(atomic_compare_exchange_strong(&ax, &expected, 5));
    assert(!atomic_compare_exchange_strong(&ax, &expected, 6) && expected == 5);
    assert(atomic_fetch_add(&ax, 2) == 5 && atomic_load(&ax) == 7);
    assert(atomic_exchange(&ax, 1) == 7);

    unsigned u = 3;
    assert(u / 2 == 1 && u % 2 == 1 && (u << 2) == 12 && (u ^ 1) == 2);
    assert(-7 / 2 == -3 && -7 % 2 == -1);
    counter += 1;
    assert(counter == 6);
    _Bool flag = counter > 2;
    assert(flag);
}
