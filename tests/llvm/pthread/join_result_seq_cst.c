/* SB with seq_cst accesses: PASS on every model. */
#define ORDER memory_order_seq_cst
#include "join_result.h"
