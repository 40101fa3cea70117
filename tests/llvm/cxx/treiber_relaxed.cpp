// Treiber stack, all relaxed: pop can read a node before its fields.
#define PUSH_ORDER std::memory_order_relaxed
#define POP_ORDER std::memory_order_relaxed
#include "treiber.h"
