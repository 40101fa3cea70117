/* A writer publishes a freshly allocated node through a global pointer and
 * a reader follows it. Without fences, a relaxed machine may make the
 * pointer visible before the node's fields. */
#include "lsl_protos.h"

typedef struct node {
    int value;
    struct node *next;
} node_t;

node_t *shared;

void publish(void) {
    lsl_observe_label("publish");
    node_t *n = lsl_malloc_noreuse(sizeof(node_t));
    n->value = 42;
    n->next = 0;
    shared = n;
}

void consume(void) {
    lsl_observe_label("consume");
    node_t *n = shared;
    if (n != 0) {
        node_t *next = n->next;
        if (next == 0)
            lsl_observe_output("value", n->value);
    }
}
