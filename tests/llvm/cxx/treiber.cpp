// Treiber stack, release/acquire: correct on every model.
#define PUSH_ORDER std::memory_order_release
#define POP_ORDER std::memory_order_acquire
#include "treiber.h"
