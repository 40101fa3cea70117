#define ST memory_order_release
#define LD memory_order_acquire
#include "lb.h"
