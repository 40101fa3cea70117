/* Structs, arrays, pointers, initializers and block copies. */
#include <lsl_protos.h>

typedef struct node {
    struct node *next;
    int value;
} node_t;

typedef struct pair {
    int a;
    node_t n;
    int arr[3];
} pair_t;

int tab[4] = {1, 2, 0, 4};
node_t first = {0, 7};
node_t *head = &first;
pair_t pair;

int walk(node_t *p)
{
    int s = 0;
    while (p != 0) {
        s += p->value;
        p = p->next;
    }
    return s;
}

void arrays(int i)
{
    int *p = &tab[1];
    p[1] = 5;
    tab[i] = *(p + 2);
    pair.arr[i] = pair.n.value;
}

void copies(void)
{
    node_t local = {0, 3};
    node_t zero = {0};
    pair_t copy;
    copy = pair;
    local.next = head;
    pair.n = local;
    pair.a = zero.value + copy.a;
}

void heap(void)
{
    node_t *n = lsl_malloc(sizeof(node_t));
    int *buf = lsl_malloc(3 * sizeof(int));
    n->value = 1;
    n->next = head;
    buf[2] = n->value;
    head = n;
    lsl_free(buf);
}
