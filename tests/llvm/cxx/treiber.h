// Treiber's stack with std::atomic (C++11). PUSH_ORDER and POP_ORDER are
// the orderings of the successful compare-exchange and of the loads.
#include <lsl_protos.h>
#include <atomic>

struct Node {
    Node *next;
    int value;
};

std::atomic<Node *> top{nullptr};

void push()
{
    Node *n = new Node;
    n->value = lsl_choose();
    lsl_observe_label("push");
    lsl_observe_input("value", n->value);
    Node *t = top.load(std::memory_order_relaxed);
    do {
        n->next = t;
    } while (!top.compare_exchange_weak(t, n, PUSH_ORDER, std::memory_order_relaxed));
}

void pop()
{
    lsl_observe_label("pop");
    Node *t = top.load(POP_ORDER);
    while (t && !top.compare_exchange_weak(t, t->next, POP_ORDER, POP_ORDER))
        ;
    lsl_observe_output("ok", t != nullptr);
    if (t)
        lsl_observe_output("value", t->value);
}
