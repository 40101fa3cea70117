/* Globals, structs, arrays, pointers (no lsl API). */
#include <stdlib.h>

struct point { int x, y; };
struct line { struct point a, b; int id; };

int g = 5;
int table[5] = { 1, 2, 3 };
int *cursor = &table[1];
struct line lines[2] = { { {1, 2}, {3, 4}, 7 }, { .id = 9, .b.y = 8 } };
struct point *pp0 = &lines[1].a;

int test_globals(void)
{
    return g * 1000 + table[0] * 100 + table[2] * 10 + table[4] + *cursor * 10000;
}

int test_struct_init(void)
{
    return lines[0].a.x * 100000 + lines[0].b.y * 10000 + lines[0].id * 1000
        + lines[1].id * 100 + lines[1].b.y * 10 + lines[1].a.x + pp0->y;
}

int len2(struct point *p) { return p->x * p->x + p->y * p->y; }

int test_locals(void)
{
    struct point p = { 3, 4 };
    struct line l = { .id = 2 };
    int arr[3] = { 5 };
    int x = 1;
    int *px = &x;
    *px += 10;
    l.b.x = p.y;
    arr[2] = arr[0] + len2(&p);
    return x * 10000 + l.b.x * 1000 + l.id * 100 + arr[1] * 10 + arr[2];
}

void swap(int **a, int **b)
{
    int *t = *a;
    *a = *b;
    *b = t;
}

int test_pointer_to_pointer(void)
{
    int u = 1, v = 2;
    int *pu = &u, *pv = &v;
    swap(&pu, &pv);
    *pu = 30;
    return u * 100 + v + (*pv) * 1000;
}

int sum(int *a, int n)
{
    int s = 0;
    for (int *p = a; p < a + n; p++)
        s += *p;
    return s;
}

int test_pointer_arith(void)
{
    int a[6] = { 1, 2, 3, 4, 5, 6 };
    int *p = &a[1];
    int *q = p + 3;
    int d = q - p;
    p[2] = 40;
    *(q - 1) += 100;
    return sum(a, 6) * 100 + d * 10 + (q > p);
}

int test_2d(void)
{
    int m[3][4];
    int s = 0;
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 4; j++)
            m[i][j] = i * 10 + j;
    int *row = m[2];
    for (int j = 0; j < 4; j++)
        s += row[j];
    return s * 100 + m[1][3];
}

struct node { struct node *next; int val; };

struct node *push(struct node *head, int v)
{
    struct node *n = malloc(sizeof(struct node));
    n->val = v;
    n->next = head;
    return n;
}

int test_list(void)
{
    struct node *h = 0;
    for (int i = 1; i <= 4; i++)
        h = push(h, i);
    int s = 0;
    while (h) {
        struct node *next = h->next;
        s = s * 10 + h->val;
        free(h);
        h = next;
    }
    return s;
}

int test_malloc_array(void)
{
    int n = 4;
    int *a = malloc(n * sizeof(int));
    for (int i = 0; i < n; i++)
        a[i] = i * i;
    int r = a[3] * 10 + a[2];
    free(a);
    return r;
}

int counter(void)
{
    static int calls = 10;
    return ++calls;
}

int test_static_local(void)
{
    counter();
    counter();
    return counter();
}

struct elem { int key; struct point pt; };

int test_struct_array(void)
{
    struct elem es[3];
    for (int i = 0; i < 3; i++) {
        es[i].key = i;
        es[i].pt.x = i * 2;
        es[i].pt.y = i * 3;
    }
    struct elem *e = &es[1];
    e++;
    return e->key * 100 + e->pt.x * 10 + es[1].pt.y;
}
