#define ST memory_order_seq_cst
#define LD memory_order_seq_cst
#include "mp.h"
