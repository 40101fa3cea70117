#define ST memory_order_relaxed
#define LD memory_order_relaxed
#define WFENCE memory_order_release
#define RFENCE memory_order_acquire
#include "mp.h"
