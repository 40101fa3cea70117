#define ST memory_order_relaxed
#define LD memory_order_relaxed
#define FENCE memory_order_seq_cst
#include "sb.h"
