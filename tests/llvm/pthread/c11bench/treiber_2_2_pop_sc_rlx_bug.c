/* Treiber stack 2+2, pop's CAS seq_cst on success and relaxed on failure:
   a failed CAS reads the top it hands to the next round without acquire,
   so that round's top->next races with the push that wrote it (a C11
   data race on every model). */
#define NPUSH 2
#define NPOP 2
#define POP_SUCCESS_ORDER memory_order_seq_cst
#include "treiber.h"
