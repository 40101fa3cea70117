#define LD memory_order_relaxed
#include "corr.h"
