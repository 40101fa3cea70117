/* One memory-safety error per operation (SPEC §3 runtime checks), plus
 * operations that are close to an error but correct. */
#include <lsl_protos.h>

typedef struct node {
    struct node *next;
    int value;
} node_t;

node_t g;
int arr[2];

void free_global(void) { lsl_free(&g); }

void free_interior(void)
{
    node_t *n = lsl_malloc(sizeof(node_t));
    lsl_free(&n->value);
}

void free_twice(void)
{
    node_t *n = lsl_malloc(sizeof(node_t));
    lsl_free(n);
    lsl_free(n);
}

void store_after_free(void)
{
    node_t *n = lsl_malloc(sizeof(node_t));
    lsl_free(n);
    n->value = 1;
}

/* the free and the read are in one operation: serial executions fail too */
void read_after_free(void)
{
    node_t *n = lsl_malloc(sizeof(node_t));
    n->value = 1;
    lsl_free(n);
    lsl_observe_output("v", n->value);
}

void index_past_end(void)
{
    int i = lsl_choose() + 1; /* 1 or 2 */
    arr[i] = 1;
}

void index_constant(void) { arr[2] = 1; }

void observe_uninit(void)
{
    int x;
    lsl_observe_output("x", x);
}

/* correct: a block freed and allocated again is used again; the pointer
 * one past the end of an array is not dereferenced; in-range indices */
void reuse_ok(void)
{
    node_t *n = lsl_malloc(sizeof(node_t));
    lsl_free(n);
    n = lsl_malloc(sizeof(node_t));
    n->value = 1;
    lsl_observe_output("v", n->value);
    lsl_free(n);
}

void bounds_ok(void)
{
    int i = lsl_choose();
    int *end = &arr[2];
    arr[i] = 1;
    lsl_observe_output("end", end == &arr[2]);
}

/* correct: free(NULL) does nothing (C11 7.22.3.3), whether the null
 * pointer is a constant or a value read from memory */
node_t *maybe;
void free_null_ok(void)
{
    node_t *p = maybe;
    lsl_free(0);
    lsl_free(p);
    p = lsl_malloc(sizeof(node_t));
    maybe = p;
    lsl_free(maybe);
}

/* freeing an undefined pointer is still an error */
void free_undefined(void)
{
    node_t *p;
    lsl_free(p);
}
