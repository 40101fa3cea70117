/* chain_stale.c with an acquire first exchange: PASS on arm8 (the round
 * may be deleted there), sc, tso, sc-cat, riscv and tso-cat. */
#define ACQUIRE
#include "chain_stale.c"
