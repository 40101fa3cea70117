#define ST memory_order_relaxed
#define LD memory_order_relaxed
#include "lb.h"
